import {
  CalendarDays,
  CreditCard,
  Home,
  Landmark,
  MailPlus,
  SlidersHorizontal,
  TicketPercent,
  UserRound,
} from 'lucide-react';
import { Outlet } from 'react-router';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { useLiveCollections } from '~/features/admin/use-live-collection';
import { requireAdmin } from '~/features/auth/guards.server';
import { countPendingTransfers } from '~/features/transfers/transfer-queue.server';
import { requireServerContext } from '~/load-context';
import { LIVE_COLLECTIONS } from '~/lib/live-collections';
import { AreaMain } from '~/ui/area-main';
import { AreaNav } from '~/ui/area-nav';
import type { Route } from './+types/layout';
import { privatePageMeta } from '~/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServerContext(context);
  return { pendingTransfers: await countPendingTransfers(db) };
}

export const meta: Route.MetaFunction = () => privatePageMeta(`Admin | ${site.shortName}`);

/** The admin area's side menu: SPEC §2's Home, then payments, transfers, invitations, cohorts, discounts, settings, account. */
const MENU = [
  { to: '/admin/home', label: 'Home', Icon: Home },
  { to: '/admin/payments', label: 'Payments', Icon: CreditCard },
  { to: '/admin/transfers', label: 'Transfers', Icon: Landmark },
  { to: '/admin/invitations', label: 'Invitations', Icon: MailPlus },
  { to: '/admin/cohorts', label: 'Cohorts', Icon: CalendarDays },
  { to: '/admin/discounts', label: 'Discounts', Icon: TicketPercent },
  { to: '/admin/settings', label: 'Settings', Icon: SlidersHorizontal },
  // Every side menu leads to the person's own account (decision 050).
  { to: '/account', label: 'Account', Icon: UserRound },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // One stream for every admin page: a change re-runs this layout's and the page's loaders.
  useLiveCollections(LIVE_COLLECTIONS, '/admin/events');
  const { pendingTransfers } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 md:flex">
      <AreaNav
        area="Admin"
        entries={MENU.map((entry) =>
          entry.to === '/admin/transfers'
            ? { ...entry, waiting: pendingTransfers, waitingTestId: 'pending-transfers' }
            : entry,
        )}
      />
      <AreaMain area="/admin">
        <Outlet />
      </AreaMain>
    </div>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
