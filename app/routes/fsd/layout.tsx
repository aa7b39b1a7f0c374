import { FULLSTACK_STEPS } from '~/content/fullstack-steps';
import { getViewer } from '~/features/auth/guards.server';
import { CourseArea } from '~/features/courses/course-area';
import { completedFullstackSteps } from '~/features/fullstack/fullstack-progress.server';
import { readsStudentSteps } from '~/features/mentors/mentors.server';
import { requireServerContext } from '~/load-context';
import { useRootData } from '~/root-data';
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
  const { db } = requireServerContext(context);
  return {
    completed: await completedFullstackSteps(db, viewer.id),
    readsStudentSteps: readsStudentSteps(viewer),
  };
}

export default function FullstackAreaLayout({ loaderData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  const locked = !viewer?.readsFullstack;
  return (
    <CourseArea
      base="/fsd"
      steps={FULLSTACK_STEPS.map((step) => ({ ...step, locked }))}
      quizPassed={[]}
      {...loaderData}
    />
  );
}
