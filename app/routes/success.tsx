import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { successPage } from '~/content/success';
import { OrderStatePanel } from '~/features/enrolment/order-state-panel';
import { readOrderState } from '~/features/enrolment/order-status.server';
import { MyTransfers } from '~/features/transfers/my-transfers-view';
import { readTransferState } from '~/features/transfers/my-transfers.server';
import { TRANSFER_SUBMITTED } from '~/features/transfers/transfer-form';
import { isPrerendering, requireServices } from '~/lib/load-context';
import { publicPageMeta } from '~/lib/public-page-meta';
import { buttonClass } from '~/ui/button';
import type { Route } from './+types/success';

export async function loader({ request, context }: Route.LoaderArgs) {
  // Prerendered without an order; reached from a checkout, the buyer's page is rendered.
  if (isPrerendering(context)) return { order: null, transfer: null };
  const query = new URL(request.url).searchParams;
  const services = requireServices(context);
  const [order, transfer] = await Promise.all([
    readOrderState(services, query.get('order')),
    readTransferState(services, query.get('transfer')),
  ]);
  return { order, transfer };
}

export const meta: Route.MetaFunction = ({ matches }) => publicPageMeta('/success', matches);

export default function SuccessPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-20">
      <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-accent-500" />
      <h1 className="mt-4 text-3xl font-bold text-ink">
        {loaderData.transfer ? 'Transfer submitted' : successPage.heading}
      </h1>
      {loaderData.order ? (
        <OrderStatePanel order={loaderData.order} />
      ) : loaderData.transfer ? (
        <>
          <p role="status" className="mt-4 text-lg text-slate-700">
            {TRANSFER_SUBMITTED}
          </p>
          <MyTransfers transfers={[loaderData.transfer]} heading="Your transfer" />
        </>
      ) : (
        <>
          <p className="mt-4 text-lg text-slate-700">{successPage.message}</p>
          <ul className="mt-8 list-disc space-y-2 pl-6 text-slate-700">
            {successPage.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </>
      )}
      <Link to="/" className={buttonClass('primary', 'mt-10')}>
        {successPage.homeLabel}
      </Link>
    </section>
  );
}
