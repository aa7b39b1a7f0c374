import { CalendarDays, CreditCard, Home, Landmark, MailPlus } from 'lucide-react';
import { NavLink, Outlet, useNavigation } from 'react-router';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { useLiveCollections } from '~/features/admin/use-live-collection';
import { requireAdmin } from '~/features/auth/guards.server';
import { countPendingTransfers } from '~/features/transfers/transfer-queue.server';
import { requireServices } from '~/load-context';
import { LIVE_COLLECTIONS } from '~/lib/live-collections';
import { AreaMain, WaitingCount } from '~/ui/area-main';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServices(context).services.database;
  return { pendingTransfers: await countPendingTransfers(db) };
}

export const meta: Route.MetaFunction = () => [
  { title: `Admin | ${site.shortName}` },
  { name: 'robots', content: 'noindex' },
];

/** The admin area's side menu: SPEC §2's Home, then payments, transfers, invitations, cohorts. */
const MENU = [
  { to: '/admin/home', label: 'Home', Icon: Home },
  { to: '/admin/payments', label: 'Payments', Icon: CreditCard },
  { to: '/admin/transfers', label: 'Transfers', Icon: Landmark },
  { to: '/admin/invitations', label: 'Invitations', Icon: MailPlus },
  { to: '/admin/cohorts', label: 'Cohorts', Icon: CalendarDays },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // One stream for every admin page: a change re-runs this layout's and the page's loaders.
  useLiveCollections(LIVE_COLLECTIONS, '/admin/events');
  const { pendingTransfers } = loaderData;
  const navigation = useNavigation();
  const loading =
    navigation.state === 'loading' && navigation.location.pathname.startsWith('/admin');
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 md:flex">
      <aside
        aria-label="Admin"
        className="border-b border-slate-200 bg-slate-50 md:w-56 md:shrink-0 md:border-r md:border-b-0"
      >
        <nav aria-label="Admin menu" className="px-4 py-4">
          <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
            {MENU.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                      isActive
                        ? 'bg-brand-600 font-semibold text-white'
                        : 'text-slate-800 hover:bg-slate-200'
                    }`
                  }
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                  {to === '/admin/transfers' && pendingTransfers > 0 && (
                    <WaitingCount count={pendingTransfers} testId="pending-transfers" />
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <AreaMain loading={loading}>
        <Outlet />
      </AreaMain>
    </div>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
