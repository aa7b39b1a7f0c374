import { CheckCircle2 } from 'lucide-react';
import { plural } from '~/lib/format';
import { Link } from 'react-router';
import { PASS_PERCENT, type Quiz } from '~/content/quizzes';
import { buttonClass } from '~/ui/button';
import { TitledPanel } from '~/ui/titled-panel';
import { scoreLine, type QuizStanding } from './quiz';

/** A step's own quiz: what it is, where the reader stands on it, and the way in. */
export function QuizCallout({
  quiz,
  questionCount,
  standing,
}: {
  quiz: Quiz;
  questionCount: number;
  /** Null for a visitor. */
  standing: QuizStanding | null;
}) {
  return (
    <TitledPanel
      tone={standing?.passed ? 'white' : 'grey'}
      className="mt-10"
      headingId="step-quiz-heading"
      heading={`Graded quiz: ${quiz.title}`}
      headingClassName="text-xl font-bold text-ink"
    >
      <p className="mt-2 text-slate-700">
        {questionCount} questions on this step, graded here with an explanation for each answer. You
        pass with {PASS_PERCENT} %.
      </p>
      <QuizStandingLine standing={standing} />
      <Link to={`/fed/${quiz.page}`} className={buttonClass('primary', 'mt-4')}>
        {standing && standing.attempts > 0 ? 'Try again' : 'Take the quiz'}
      </Link>
    </TitledPanel>
  );
}

function QuizStandingLine({ standing }: { standing: QuizStanding | null }) {
  if (!standing) return null;
  if (!standing.best) return <p className="mt-2 font-semibold text-ink">Not taken yet.</p>;
  const attempts = plural(standing.attempts, 'attempt');
  return standing.passed ? (
    <p className="mt-2 flex items-center gap-2 font-semibold text-emerald-800">
      <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
      Passed: best {scoreLine(standing.best)} ({attempts}).
    </p>
  ) : (
    <p className="mt-2 font-semibold text-ink">
      Not passed yet: best {scoreLine(standing.best)} ({attempts}).
    </p>
  );
}
