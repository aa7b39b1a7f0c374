import { Link } from 'react-router';
import { plural } from '~/lib/format';
import type { WaitingReview } from '~/features/projects/submissions.server';
import { DataTable, dataCells, dataRowClass } from '~/ui/list/data-table';
import { DateTime } from '~/ui/list/list-cells';
import { StudentLink } from './student-link';
import { PageTitle } from '~/ui/page-title';

const QUEUE_COLUMNS = ['Student', 'Project', 'Revision', 'Sent'] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "waiting 2 days": how long a submission has waited, in its largest whole unit. */
export function waitingFor(ageMs: number): string {
  if (ageMs >= DAY) return `waiting ${plural(Math.floor(ageMs / DAY), 'day')}`;
  if (ageMs >= HOUR) return `waiting ${plural(Math.floor(ageMs / HOUR), 'hour')}`;
  if (ageMs >= MINUTE) return `waiting ${plural(Math.floor(ageMs / MINUTE), 'minute')}`;
  return 'waiting less than a minute';
}

/** Reviews: the submissions waiting in the reviewer's cohorts, the longest waiting first. */
export function ReviewQueueView({ reviews }: { reviews: WaitingReview[] }) {
  return (
    <section aria-labelledby="reviews-heading">
      <PageTitle id="reviews-heading">Reviews</PageTitle>
      <p className="mt-2 text-slate-700">
        Projects waiting for your review, the longest waiting first.
      </p>
      {reviews.length === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          Nothing is waiting for review.
        </p>
      ) : (
        <DataTable
          columns={QUEUE_COLUMNS}
          label="Submissions waiting for review"
          minWidthClass="sm:min-w-[36rem]"
        >
          {reviews.map((review) => (
            <tr key={review.submissionId} className={dataRowClass()}>
              {dataCells(QUEUE_COLUMNS, [
                <StudentLink key="student" id={review.studentId} name={review.studentName} />,
                <Link
                  key="project"
                  to={`/mentor/reviews/${encodeURIComponent(review.submissionId)}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {review.projectTitle}
                </Link>,
                review.revision,
                <span key="sent">
                  <span className="block font-semibold text-ink">{waitingFor(review.ageMs)}</span>
                  <DateTime value={review.submittedAt} />
                </span>,
              ])}
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
