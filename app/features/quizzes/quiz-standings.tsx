import { findQuiz } from '~/content/quizzes';
import { formatDateTimeUtc } from '~/lib/format';
import { Fact } from '~/ui/fact';
import { scoreLine, type QuizStanding } from './quiz';
import { TitledSection } from '~/ui/titled-section';

/** "2 of 3 passed": a student's quizzes in one line. */
export function quizzesPassedLine(standings: readonly QuizStanding[]): string {
  return `${standings.filter((standing) => standing.passed).length} of ${standings.length} passed`;
}

/**
 * A student's quizzes as their mentor and the admins see them: each quiz's first and best
 * score (the first says what the student knew before the corrections; decision 065), how
 * many attempts, the last one's date, and whether it is passed. A card a quiz, so a phone
 * reads it without scrolling sideways.
 */
export function QuizStandingsSection({ standings }: { standings: readonly QuizStanding[] }) {
  return (
    <TitledSection headingId="quizzes-heading" heading="Quizzes" className="mt-10">
      <p className="mt-1 text-sm text-slate-700">{quizzesPassedLine(standings)}.</p>
      <ul className="mt-3 grid gap-3 lg:grid-cols-3">
        {standings.map((standing) => {
          const title = findQuiz(standing.quizId)?.title;
          return (
            <li key={standing.quizId}>
              <article
                aria-label={title}
                className="h-full rounded-2xl border border-slate-200 bg-white p-4"
              >
                <h3 className="font-semibold text-ink">{title}</h3>
                <dl className="mt-2 grid grid-cols-2 gap-3">
                  <Fact label="Result">
                    {standing.passed ? 'Passed' : standing.best ? 'Not passed yet' : 'Not taken'}
                  </Fact>
                  <Fact label="First score">
                    {standing.first ? scoreLine(standing.first) : 'None yet'}
                  </Fact>
                  <Fact label="Best score">
                    {standing.best ? scoreLine(standing.best) : 'None yet'}
                  </Fact>
                  <Fact label="Attempts">{standing.attempts}</Fact>
                  <Fact label="Last attempt" className="text-sm text-ink">
                    {standing.lastAt ? formatDateTimeUtc(standing.lastAt) : 'None yet'}
                  </Fact>
                </dl>
              </article>
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}
