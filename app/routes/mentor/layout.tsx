import { CalendarClock, ClipboardCheck, UserRound, Users } from 'lucide-react';
import { Outlet } from 'react-router';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireReviewer } from '~/features/auth/guards.server';
import { useRootData } from '~/root-data';
import { AreaMain } from '~/ui/area-main';
import { AreaNav } from '~/ui/area-nav';
import type { Route } from './+types/layout';
import { privatePageMeta } from '~/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  await requireReviewer(context);
  return null;
}

export const meta: Route.MetaFunction = () => privatePageMeta(`Mentor | ${site.shortName}`);

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
  // Every side menu leads to the person's own account.
  { to: '/account', label: 'Account', Icon: UserRound },
] as const;

/** The mentor area: its side menu like the admin area's, the waiting count on Reviews. */
export default function MentorLayout() {
  // The count the header shows, kept live by the root's FollowReviews.
  const { reviews } = useRootData();
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 md:flex">
      <AreaNav
        area="Mentor"
        entries={MENU.map((entry) =>
          entry.to === '/mentor' ? { ...entry, waiting: reviews } : entry,
        )}
      />
      <AreaMain area="/mentor">
        <Outlet />
      </AreaMain>
    </div>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
