import { data } from 'react-router';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireReviewer } from '~/features/auth/guards.server';
import { studentForMentor } from '~/features/mentors/mentor-area.server';
import { MentorStudentPage } from '~/features/mentors/mentor-student-view';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/student';

const STUDENT_NOT_FOUND = 'No such student in your cohorts.';

export async function loader({ params, context }: Route.LoaderArgs) {
  const reviewer = await requireReviewer(context);
  const { db } = requireServerContext(context);
  const view = await studentForMentor(db, reviewer.id, params.id);
  if (!view) throw data(STUDENT_NOT_FOUND, { status: 404 });
  return view;
}

export default function MentorStudentRoute({ loaderData }: Route.ComponentProps) {
  return <MentorStudentPage {...loaderData} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
