import { CheckCircle2, CircleDashed, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PASS_PERCENT } from '~/content/quizzes';
import { buttonClass } from '~/ui/button';
import {
  hasPassed,
  QUIZ_MESSAGES,
  scoreLine,
  type AttemptRule,
  type Correction,
  type Score,
} from './quiz';
import { QuizCode, QuizText } from './quiz-text';

/** When the next attempt opens, after the attempts in a row (decision 065). */
export function QuizWait({
  opensAt,
  rule,
  className,
}: {
  opensAt: string;
  rule: AttemptRule;
  className: string;
}) {
  return (
    <p
      role="status"
      className={`${className} rounded-2xl border border-slate-300 bg-white p-4 font-semibold text-ink`}
    >
      {QUIZ_MESSAGES.waitForNext(opensAt, rule)}
    </p>
  );
}

/** A graded attempt: the score, passed or not, and each question's correction. */
export function QuizResult({
  score,
  corrections,
  retry,
}: {
  score: Score;
  corrections: readonly Correction[];
  /** The quiz's page (Try again: a new attempt), or what says when the next one opens. */
  retry: string | ReactNode;
}) {
  const passed = hasPassed(score);
  return (
    <section aria-labelledby="result" className="mt-8">
      <div
        className={`rounded-2xl border p-6 ${passed ? 'border-emerald-300 bg-emerald-50' : 'border-amber-300 bg-amber-50'}`}
      >
        <h2 id="result" tabIndex={-1} className="text-2xl font-bold text-ink">
          Your score: {scoreLine(score)}
        </h2>
        <p className="mt-2 text-lg font-semibold text-ink">
          {passed ? 'Passed' : `Not passed yet: ${PASS_PERCENT} % is needed to pass.`}
        </p>
        {typeof retry === 'string' ? (
          <Link to={retry} className={buttonClass(passed ? 'secondary' : 'primary', 'mt-4')}>
            Try again
          </Link>
        ) : (
          retry
        )}
      </div>
      <h2 className="mt-10 text-xl font-bold text-ink">Corrections</h2>
      <ol className="mt-4 space-y-6">
        {corrections.map((correction, index) => (
          <li key={correction.id}>
            <CorrectionCard correction={correction} number={index + 1} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function CorrectionCard({ correction, number }: { correction: Correction; number: number }) {
  const Icon = correction.right ? CheckCircle2 : correction.answered ? XCircle : CircleDashed;
  return (
    <article
      aria-labelledby={`correction-${correction.id}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 [overflow-wrap:anywhere]"
    >
      <h3 id={`correction-${correction.id}`} className="font-semibold text-ink">
        <span className="text-brand-700">{number}.</span> <QuizText text={correction.prompt} />
      </h3>
      <p
        className={`mt-2 inline-flex items-center gap-2 text-sm font-bold ${correction.right ? 'text-emerald-800' : correction.answered ? 'text-red-800' : 'text-slate-700'}`}
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
        {correction.right ? 'Right' : correction.answered ? 'Wrong' : 'Not answered'}
      </p>
      {correction.code && <QuizCode code={correction.code} />}
      {correction.answered ? (
        <AnsweredOptions correction={correction} />
      ) : (
        <ul className="mt-4 space-y-2">
          {correction.options.map((option) => (
            <li key={option.text} className="rounded-lg border border-slate-200 px-3 py-2">
              <QuizText text={option.text} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** An answered question's options, the reader's answer and the right one marked, and why. */
function AnsweredOptions({ correction }: { correction: Extract<Correction, { answered: true }> }) {
  return (
    <>
      <ul className="mt-4 space-y-2">
        {correction.options.map((option) => (
          <li
            key={option.text}
            className={`rounded-lg border px-3 py-2 ${option.correct ? 'border-emerald-400 bg-emerald-50' : 'border-slate-200'}`}
          >
            <QuizText text={option.text} />
            {(option.chosen || option.correct) && (
              <span className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
                {option.chosen && (
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-slate-800">
                    Your answer
                  </span>
                )}
                {option.correct && (
                  <span className="rounded-full bg-emerald-200 px-2 py-0.5 text-emerald-900">
                    Correct answer
                  </span>
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-slate-700">
        <strong className="text-ink">Why: </strong>
        <QuizText text={correction.explanation} />
      </p>
    </>
  );
}
