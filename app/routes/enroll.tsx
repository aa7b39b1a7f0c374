import { CalendarClock, Clock } from 'lucide-react';
import { enrollPage, plans } from '~/content/plans';
import { BankTransfer } from '~/features/enrolment/bank-transfer';
import { enrolledTracksOf } from '~/features/enrolment/enrolments.server';
import { coversTrack } from '~/features/enrolment/tracks';
import { PlanCard } from '~/features/enrolment/plan-card';
import { readNextCohortSentence } from '~/features/cohorts/next-cohort.server';
import { pendingTransferOf } from '~/features/transfers/my-transfers.server';
import { submitTransferForm } from '~/features/transfers/submit-transfer.server';
import type { Track } from '~/db/schema';
import { isPrerendering, requireServices } from '~/lib/load-context';
import { publicPageMeta } from '~/lib/public-page-meta';
import type { Route } from './+types/enroll';

/**
 * Prerendered for visitors. For a signed-in person (rendered per request): the tracks they
 * are enrolled in, so their plans point to the course instead of selling it again, and
 * their transfer waiting for review, shown instead of a blank form.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const nextCohort = await readNextCohortSentence(context);
  const nothingHeld = { nextCohort, enrolledTracks: [] as Track[], pendingTransfer: null };
  if (isPrerendering(context)) return nothingHeld;
  const services = requireServices(context);
  const { user } = await services.session();
  if (!user) return nothingHeld;
  const { db } = services.services.database;
  const [enrolledTracks, pendingTransfer] = await Promise.all([
    enrolledTracksOf(db, user.id),
    pendingTransferOf(db, user.id),
  ]);
  return { nextCohort, enrolledTracks, pendingTransfer };
}

/** "I have made a transfer" (the bank-transfer section's form). */
export function action({ request, context }: Route.ActionArgs) {
  return submitTransferForm(request, requireServices(context));
}

export const meta: Route.MetaFunction = ({ matches }) => publicPageMeta('/enroll', matches);

export default function EnrollPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-16">
      <h1 className="text-4xl font-extrabold text-ink">{enrollPage.heading}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{enrollPage.intro}</p>
      <ul className="mt-6 flex flex-wrap gap-4 text-sm font-medium text-slate-800">
        <li className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2">
          <CalendarClock aria-hidden="true" className="h-4 w-4 text-brand-700" />
          Duration: {enrollPage.durationNote}
        </li>
        <li className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2">
          <Clock aria-hidden="true" className="h-4 w-4 text-brand-700" />
          Time: {enrollPage.dailyNote}
        </li>
      </ul>
      <p className="mt-4 font-semibold text-brand-800 empty:hidden">{loaderData.nextCohort}</p>
      <section aria-labelledby="plans-heading" className="mt-12">
        <h2 id="plans-heading" className="sr-only">
          Pricing plans
        </h2>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              enrolled={coversTrack(loaderData.enrolledTracks, plan.theme)}
            />
          ))}
        </div>
      </section>
      <BankTransfer transferErrors={actionData} pendingTransfer={loaderData.pendingTransfer} />
    </div>
  );
}
