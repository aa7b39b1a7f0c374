import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { PASS_PERCENT } from '~/content/quizzes';
import { buttonClass } from '~/ui/button';
import { hasPassed, scoreLine, type Correction, type Score } from './quiz';
import { QuizCode, QuizText } from './quiz-text';

/** A graded attempt: the score, passed or not, and each question's correction. */
export function QuizResult({
  score,
  corrections,
  retryTo,
}: {
  score: Score;
  corrections: readonly Correction[];
  /** The quiz's page: a new attempt. */
  retryTo: string;
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
        <Link to={retryTo} className={buttonClass(passed ? 'secondary' : 'primary', 'mt-4')}>
          Try again
        </Link>
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
  const Icon = correction.right ? CheckCircle2 : XCircle;
  return (
    <article
      aria-labelledby={`correction-${correction.id}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 [overflow-wrap:anywhere]"
    >
      <h3 id={`correction-${correction.id}`} className="font-semibold text-ink">
        <span className="text-brand-700">{number}.</span> <QuizText text={correction.prompt} />
      </h3>
      <p
        className={`mt-2 inline-flex items-center gap-2 text-sm font-bold ${correction.right ? 'text-emerald-800' : 'text-red-800'}`}
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
        {correction.right ? 'Right' : 'Wrong'}
      </p>
      {correction.code && <QuizCode code={correction.code} />}
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
    </article>
  );
}
