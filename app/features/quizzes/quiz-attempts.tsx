import { Link } from 'react-router';
import { formatDateTimeUtc } from '~/lib/format';
import { hasPassed, scoreLine, type AttemptSummary } from './quiz';
import { TitledSection } from '~/ui/titled-section';

/** How many of a student's attempts their quiz page lists. */
export const ATTEMPTS_LISTED = 5;

/** The student's last attempts at a quiz, newest first, each linking to its corrections. */
export function QuizAttempts({
  attempts,
  page,
  current,
}: {
  attempts: readonly AttemptSummary[];
  page: string;
  /** The attempt whose result is on the page. */
  current?: string;
}) {
  if (attempts.length === 0) return null;
  return (
    <TitledSection headingId="attempts-heading" heading="Your last attempts" className="mt-10">
      <div className="mt-3">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Submitted
              </th>
              <th scope="col" className="py-2 pr-4">
                Score
              </th>
              <th scope="col" className="py-2 pr-4">
                Result
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Corrections</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {attempts.slice(0, ATTEMPTS_LISTED).map((attempt) => (
              <tr key={attempt.id} className="border-b border-slate-200">
                <td className="py-2 pr-4">{formatDateTimeUtc(attempt.submittedAt)}</td>
                <td className="py-2 pr-4">{scoreLine(attempt)}</td>
                <td className="py-2 pr-4">{hasPassed(attempt) ? 'Passed' : 'Not passed'}</td>
                <td className="py-2">
                  {attempt.id === current ? (
                    <span className="text-slate-700">Shown above</span>
                  ) : (
                    <Link
                      to={`/fed/${page}?attempt=${attempt.id}`}
                      className="font-semibold text-brand-700 underline"
                    >
                      Corrections
                      <span className="sr-only"> of {formatDateTimeUtc(attempt.submittedAt)}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TitledSection>
  );
}
