import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { successPage } from '~/content/success';
import { OrderStatePanel } from '~/features/enrolment/order-state-panel';
import { findOrderState } from '~/features/enrolment/orders.server';
import { MyTransfers } from '~/features/transfers/my-transfers-view';
import { listTransfersOf } from '~/features/transfers/my-transfers.server';
import { TRANSFER_SUBMITTED } from '~/features/transfers/transfer-form';
import { isPrerendering, requireServerContext } from '~/load-context';
import { publicPageMeta } from '~/features/marketing/public-page-meta';
import { buttonClass } from '~/ui/button';
import type { Route } from './+types/success';

/** An id from the query, at most 100 characters, or null. */
function idIn(query: URLSearchParams, name: string): string | null {
  const id = query.get(name);
  return id && id.length <= 100 ? id : null;
}

/**
 * Prerendered without an order. Reached from a checkout (`?order=…`) or a bank transfer
 * (`?transfer=…`), the signed-in person's own order or transfer is shown as it stands;
 * anyone else's, or none, leaves the page saying what it always said.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const nothing = { order: null, transfer: null };
  if (isPrerendering(context)) return nothing;
  const query = new URL(request.url).searchParams;
  const orderId = idIn(query, 'order');
  const transferId = idIn(query, 'transfer');
  if (!orderId && !transferId) return nothing;
  const ctx = requireServerContext(context);
  const { user } = await ctx.session();
  if (!user) return nothing;
  const { db } = ctx;
  const [order, transfers] = await Promise.all([
    orderId ? findOrderState(db, orderId, user.id) : null,
    transferId ? listTransfersOf(db, user.id, transferId) : [],
  ]);
  return { order, transfer: transfers[0] ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) => publicPageMeta('/success', matches);

export default function SuccessPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-20">
      <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-accent-500" />
      <h1 className="mt-4 text-3xl font-bold text-ink">
        {loaderData.transfer
          ? 'Transfer submitted'
          : (loaderData.order?.headline ?? successPage.heading)}
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
