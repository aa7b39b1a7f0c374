import { CalendarClock, Clock } from 'lucide-react';
import { enrollPage, plans } from '~/content/plans';
import { BankTransfer } from '~/features/enrolment/bank-transfer';
import { PlanCard } from '~/features/enrolment/plan-card';
import { readNextCohortSentence } from '~/features/cohorts/next-cohort.server';
import { submitTransferForm } from '~/features/transfers/submit-transfer.server';
import { requireServices } from '~/lib/load-context';
import { publicPageMeta } from '~/lib/public-page-meta';
import type { Route } from './+types/enroll';

export async function loader({ context }: Route.LoaderArgs) {
  return { nextCohort: await readNextCohortSentence(context) };
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
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </section>
      <BankTransfer transferErrors={actionData} />
    </div>
  );
}
