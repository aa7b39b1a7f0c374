import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { QUIZZES } from '~/content/quizzes';
import { TitledPanel } from '~/ui/titled-panel';
import type { ProgressSummary as ProgressSummaryData } from './progress';

/**
 * An area's home: "N of 8 steps completed", a bar, the quizzes passed (FrontEnd), and the
 * next step to take.
 */
export function ProgressSummary({
  base,
  summary: { done, total, next },
  quizzesPassed,
}: {
  /** The area's path: `/fed` or `/fsd`. */
  base: string;
  summary: ProgressSummaryData;
  quizzesPassed?: number;
}) {
  const percent = Math.round((done / total) * 100);
  return (
    <TitledPanel
      tone="white"
      className="mt-8"
      headingId="progress-heading"
      heading="Your progress"
      headingClassName="text-xl font-bold text-ink"
    >
      <p className="mt-2 text-slate-800" id="progress-count">
        {done} of {total} steps completed
      </p>
      <div
        role="progressbar"
        aria-labelledby="progress-count"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="mt-3 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-accent-500" style={{ width: `${percent}%` }} />
      </div>
      {quizzesPassed !== undefined && (
        <p className="mt-3 text-slate-800">
          Quizzes: {quizzesPassed} of {QUIZZES.length} passed
        </p>
      )}
      {next ? (
        <Link
          to={`${base}/${next.slug}`}
          className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
        >
          {done === 0 ? 'Start with' : 'Continue with'} Step {next.number}: {next.label}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <p className="mt-4 font-semibold text-emerald-800">
          You completed every step. Congratulations!
        </p>
      )}
    </TitledPanel>
  );
}
