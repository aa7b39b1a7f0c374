import { Outlet, useLocation } from 'react-router';
import { FULLSTACK_STEPS } from '~/content/fullstack-steps';
import { getViewer } from '~/features/auth/guards.server';
import { LoginButton } from '~/features/auth/login-button';
import { CourseMenu } from '~/features/courses/course-menu';
import { completedFullstackSteps } from '~/features/fullstack/fullstack-progress.server';
import { readsStudentSteps } from '~/features/mentors/mentors.server';
import { requireServices } from '~/load-context';
import { useRootData } from '~/root-data';
import { buttonClass } from '~/ui/button';
import type { Route } from './+types/layout';

/**
 * The FullStack area's menu: its steps' labels are public like the FrontEnd's; each step's
 * page guards its content. The menu marks the steps a FullStack reader completed.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer?.readsFullstack) {
    return { completed: [], readsStudentSteps: viewer ? readsStudentSteps(viewer) : false };
  }
  const { db } = requireServices(context).services.database;
  return {
    completed: await completedFullstackSteps(db, viewer.id),
    readsStudentSteps: readsStudentSteps(viewer),
  };
}

export default function FullstackAreaLayout({ loaderData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  const location = useLocation();
  const locked = !viewer?.readsFullstack;
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 md:flex">
      <CourseMenu
        base="/fsd"
        steps={FULLSTACK_STEPS.map((step) => ({ ...step, locked }))}
        viewer={viewer}
        completed={loaderData.completed}
        quizPassed={[]}
        readsStudentSteps={loaderData.readsStudentSteps}
        signInAction={
          <LoginButton
            label="Login With Google"
            returnTo={location.pathname}
            className={buttonClass('primary', 'w-full')}
          />
        }
      />
      <div className="min-w-0 flex-1 px-4 py-8 md:px-10">
        <Outlet />
      </div>
    </div>
  );
}
