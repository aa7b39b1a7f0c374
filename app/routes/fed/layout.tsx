import { COURSE_STEPS } from '~/content/course-steps';
import { CourseArea } from '~/features/courses/course-area';
import { getViewer } from '~/features/auth/guards.server';
import { readsStudentSteps } from '~/features/mentors/mentors.server';
import { readersCompletedSteps } from '~/features/progress/progress.server';
import { quizStandingsOf } from '~/features/quizzes/quiz-attempts.server';
import { findQuiz } from '~/content/quizzes';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/layout';

/**
 * The menu marks the steps a signed-in reader completed and the quizzes they passed, and locks the students-only
 * steps only for those who may not read them (a mentor may: asked per request).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer) return { completed: [], quizzes: [], readsStudentSteps: false };
  const ctx = requireServerContext(context);
  const [rows, quizzes] = await Promise.all([
    readersCompletedSteps(ctx, viewer.id),
    quizStandingsOf(ctx.db, viewer.id),
  ]);
  return {
    completed: rows.map((row) => row.step),
    // Each quiz's standing: the menu's "Quiz passed", and the step and course home pages'.
    quizzes,
    readsStudentSteps: readsStudentSteps(viewer),
  };
}

export default function StudentAreaLayout({ loaderData }: Route.ComponentProps) {
  const { quizzes, ...menu } = loaderData;
  return (
    <CourseArea
      base="/fed"
      steps={COURSE_STEPS.filter((step) => step.inMenu).map((step) => ({
        ...step,
        locked: step.studentsOnly && !loaderData.readsStudentSteps,
      }))}
      quizPassed={quizzes.filter((quiz) => quiz.passed).map((quiz) => findQuiz(quiz.quizId)!.step)}
      {...menu}
    />
  );
}
