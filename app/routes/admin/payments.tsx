import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { useRefreshing } from '~/features/admin/use-live-collection';
import { PaymentList } from '~/features/enrolment/payment-list';
import { parsePaymentSearch } from '~/features/enrolment/payment-search';
import {
  listPaymentsNeedingAttention,
  paymentTotals,
  searchPayments,
} from '~/features/enrolment/payment-search.server';
import { requireServices } from '~/load-context';
import type { Route } from './+types/payments';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const search = parsePaymentSearch(new URL(request.url).searchParams);
  const { db } = requireServices(context).services.database;
  const [result, totals, attention] = await Promise.all([
    searchPayments(db, search),
    paymentTotals(db, search),
    listPaymentsNeedingAttention(db),
  ]);
  return { search, result, totals, attention };
}

export default function AdminPaymentsPage({ loaderData }: Route.ComponentProps) {
  const loading = useRefreshing();
  return <PaymentList {...loaderData} loading={loading} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
