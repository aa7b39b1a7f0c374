import { Outlet, useLocation } from 'react-router';
import { COURSE_STEPS } from '~/content/course-steps';
import { getViewer } from '~/features/auth/guards.server';
import { readsStudentSteps } from '~/features/mentors/mentors.server';
import { listCompletedSteps } from '~/features/progress/progress.server';
import { quizStandingsOf } from '~/features/quizzes/quiz-attempts.server';
import { findQuiz } from '~/content/quizzes';
import { requireServices } from '~/load-context';
import { LoginButton } from '~/features/auth/login-button';
import { CourseMenu } from '~/features/courses/course-menu';
import { useRootData } from '~/root-data';
import { buttonClass } from '~/ui/button';
import type { Route } from './+types/layout';

/**
 * The menu marks the steps a signed-in reader completed and the quizzes they passed, and locks the students-only
 * steps only for those who may not read them (a mentor may: asked per request).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer) return { completed: [], quizPassed: [], readsStudentSteps: false };
  const { db } = requireServices(context).services.database;
  const [rows, quizzes] = await Promise.all([
    listCompletedSteps(db, viewer.id),
    quizStandingsOf(db, viewer.id),
  ]);
  return {
    completed: rows.map((row) => row.step),
    quizPassed: quizzes.filter((quiz) => quiz.passed).map((quiz) => findQuiz(quiz.quizId)!.step),
    readsStudentSteps: readsStudentSteps(viewer),
  };
}

export default function StudentAreaLayout({ loaderData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  const location = useLocation();
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 md:flex">
      <CourseMenu
        base="/fed"
        steps={COURSE_STEPS.filter((step) => step.inMenu).map((step) => ({
          ...step,
          locked: step.studentsOnly && !loaderData.readsStudentSteps,
        }))}
        viewer={viewer}
        completed={loaderData.completed}
        quizPassed={loaderData.quizPassed}
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
