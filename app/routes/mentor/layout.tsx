import { CalendarClock, ClipboardCheck, Users } from 'lucide-react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireReviewer } from '~/features/auth/guards.server';
import { useRootData } from '~/root-data';
import { AreaMain, WaitingCount } from '~/ui/area-main';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  await requireReviewer(context);
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: `Mentor | ${site.shortName}` },
  { name: 'robots', content: 'noindex' },
];

/** Each entry stays marked on the pages under it: a review page, a student's page. */
const MENU = [
  { to: '/mentor', label: 'Reviews', Icon: ClipboardCheck, under: ['/mentor/reviews/'] },
  {
    to: '/mentor/cohorts',
    label: 'My cohorts',
    Icon: Users,
    under: ['/mentor/cohorts', '/mentor/students/'],
  },
  {
    to: '/mentor/classes',
    label: 'Live classes',
    Icon: CalendarClock,
    under: ['/mentor/classes/', '/mentor/live/'],
  },
] as const;

/** The mentor area: its side menu like the admin area's, the waiting count on Reviews. */
export default function MentorLayout() {
  // The count the header shows, kept live by the root's FollowReviews.
  const { reviews } = useRootData();
  const { pathname } = useLocation();
  const current = (to: string, under: readonly string[]) =>
    pathname === to || under.some((start) => pathname.startsWith(start));
  const navigation = useNavigation();
  const loading =
    navigation.state === 'loading' && navigation.location.pathname.startsWith('/mentor');
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 md:flex">
      <aside
        aria-label="Mentor"
        className="border-b border-slate-200 bg-slate-50 md:w-56 md:shrink-0 md:border-r md:border-b-0"
      >
        <nav aria-label="Mentor menu" className="px-4 py-4">
          <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
            {MENU.map(({ to, label, Icon, under }) => (
              <li key={to}>
                <Link
                  to={to}
                  aria-current={current(to, under) ? 'page' : undefined}
                  className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                    current(to, under)
                      ? 'bg-brand-600 font-semibold text-white'
                      : 'text-slate-800 hover:bg-slate-200'
                  }`}
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                  {to === '/mentor' && reviews != null && reviews > 0 && (
                    <WaitingCount count={reviews} />
                  )}
                </Link>
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
