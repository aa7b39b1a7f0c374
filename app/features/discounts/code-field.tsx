import { Form, useNavigation } from 'react-router';
import { fieldClass, labelClass } from '~/ui/form';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import { Spinner } from '~/ui/spinner';
import { APPLY_CODE_INTENT, type CodeAnswer } from './discount-form';

/**
 * A plan's "Have a code?" on /enroll: a `<details>` (open with no script) holding a plain
 * form to /enroll, whose answer (the new amount, or why the code is refused) shows here.
 * It stays open once it has an answer, so the answer is seen.
 */
export function CodeField({
  planId,
  planName,
  answer,
  monthly,
}: {
  planId: string;
  planName: string;
  answer?: CodeAnswer;
  monthly: boolean;
}) {
  const navigation = useNavigation();
  const applying =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === APPLY_CODE_INTENT &&
    navigation.formData.get('plan') === planId;
  const fieldId = `code-${planId}`;
  const quote = answer?.quote;
  // A visitor's code is not wrong, only not looked at yet: a note, not the field's error.
  const error = answer?.signIn ? undefined : answer?.error;
  return (
    <details open={answer !== undefined} className="mt-6 group">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800 underline">
        Have a code?<span className="sr-only"> For {planName}</span>
      </summary>
      <Form method="post" action="/enroll" preventScrollReset className="mt-3">
        <input type="hidden" name="plan" value={planId} />
        <label htmlFor={fieldId} className={labelClass}>
          Discount code
        </label>
        {/* The button wraps under the field in a narrow card, so a long code stays readable. */}
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id={fieldId}
            name="code"
            required
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={answer?.typed ?? ''}
            className={`${fieldClass} mt-0 min-w-40 flex-1 uppercase`}
            {...invalidFieldProps(fieldId, error)}
          />
          <button
            type="submit"
            name="intent"
            value={APPLY_CODE_INTENT}
            disabled={applying}
            className="inline-flex shrink-0 items-center gap-2 rounded-lg border border-brand-600 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {applying && <Spinner className="h-4 w-4" />}
            Apply
          </button>
        </div>
        <FieldError fieldId={fieldId} message={error} />
        {answer?.signIn && (
          <p role="status" className="mt-2 text-sm text-slate-800">
            {answer.error}
          </p>
        )}
        {quote && (
          <p role="status" className="mt-2 rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900">
            Code <strong>{quote.code}</strong>: {quote.amountOff} off
            {monthly ? ' each payment' : ''}.{' '}
            {quote.free ? (
              <strong>Nothing to pay: the course is yours.</strong>
            ) : (
              <>
                You pay <s className="text-slate-700">{quote.listPrice}</s>{' '}
                <strong>{quote.newPrice}</strong>
                {monthly ? ' a month' : ''}.
              </>
            )}
          </p>
        )}
      </Form>
    </details>
  );
}
