import { refuseForm } from '~/lib/form.server';
import type { Refusal } from '~/lib/refusal';

/** How a route answers one reason: the status, the words, and the field they go under. */
export interface RefusalAnswer<Field extends string = string> {
  status: 400 | 403 | 404 | 409;
  message: string;
  field?: Field;
}

/**
 * A feature's reasons mapped to their answers (decision 079), one table per feature, kept by
 * the route that answers them. An answer whose words depend on the refusal is a function of it.
 */
export type RefusalAnswers<Refused extends Refusal<string>, Field extends string = string> = {
  [Reason in Refused['reason']]:
    | RefusalAnswer<Field>
    | ((refused: Extract<Refused, { reason: Reason }>) => RefusalAnswer<Field>);
};

/** The answer a table gives a refusal. */
export function answerOf<Refused extends Refusal<string>, Field extends string>(
  answers: RefusalAnswers<Refused, Field>,
  refused: Refused,
): RefusalAnswer<Field> {
  const answer = answers[refused.reason as Refused['reason']] as
    RefusalAnswer<Field> | ((refused: Refused) => RefusalAnswer<Field>);
  return typeof answer === 'function' ? answer(refused) : answer;
}

/**
 * The form's answer to a refusal: its words under its field (or above the form), what was
 * typed, and its status.
 */
export function refuseWith<Refused extends Refusal<string>, Field extends string>(
  answers: RefusalAnswers<Refused, Field>,
  refused: Refused,
  values: Record<string, string>,
) {
  const { status, message, field } = answerOf(answers, refused);
  const errors = field
    ? { fieldErrors: { [field]: message } }
    : { formError: message, fieldErrors: {} };
  return refuseForm({ ...errors, values }, status);
}
