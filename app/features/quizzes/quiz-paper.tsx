import { Form } from 'react-router';
import { buttonClass } from '~/ui/button';
import { answerField, ATTEMPT_FIELD, type PaperQuestion } from './quiz';
import { QuizCode, QuizText } from './quiz-text';
import { FormAlert } from '~/ui/field-error';

/**
 * The quiz as a plain form: it works without JavaScript. A visitor reads the questions with
 * the answers disabled (`signInAction` says why); a signed-in reader answers `attemptId`.
 */
export function QuizPaper({
  questions,
  attemptId,
  formError,
  signInAction,
}: {
  questions: readonly PaperQuestion[];
  attemptId: string | null;
  formError?: string;
  signInAction?: React.ReactNode;
}) {
  return (
    <Form method="post" className="mt-8" aria-label="Quiz questions">
      {attemptId && <input type="hidden" name={ATTEMPT_FIELD} value={attemptId} />}
      {/* A visitor may read the questions; answering is for a signed-in student. */}
      <fieldset disabled={!attemptId} className="m-0 min-w-0 border-0 p-0">
        <ol className="space-y-6">
          {questions.map((question, index) => (
            <li key={question.id}>
              <QuestionFields question={question} number={index + 1} />
            </li>
          ))}
        </ol>
      </fieldset>
      <FormAlert message={formError} className="mt-6" />
      <div className="mt-8">
        {attemptId ? (
          <button type="submit" className={buttonClass('primary')}>
            Submit answers
          </button>
        ) : (
          signInAction
        )}
      </div>
    </Form>
  );
}

function QuestionFields({ question, number }: { question: PaperQuestion; number: number }) {
  const name = answerField(question.id);
  const type = question.kind === 'multiple' ? 'checkbox' : 'radio';
  return (
    <fieldset className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 [overflow-wrap:anywhere]">
      <legend className="float-left w-full font-semibold text-ink">
        <span className="text-brand-700">{number}.</span> <QuizText text={question.prompt} />
      </legend>
      <div className="clear-both">{question.code && <QuizCode code={question.code} />}</div>
      <ul className="mt-4 space-y-2">
        {question.options.map((option) => {
          const id = `${question.id}-${option.value}`;
          return (
            <li key={option.value}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  id={id}
                  type={type}
                  name={name}
                  value={option.value}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                />
                <span className="text-slate-800">
                  <QuizText text={option.text} />
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
