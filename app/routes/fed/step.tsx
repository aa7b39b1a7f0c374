import { data, useRouteLoaderData } from 'react-router';
import { z } from '~/lib/zod';
import {
  conclusionWithLectureScheduled,
  courseContent,
  LECTURE_TIME_HEADING,
} from '~/content/course-content.server';
import { findContentStep, findCourseStep, neighbourSteps } from '~/content/course-steps';
import { QUIZ_QUESTIONS } from '~/content/quiz-questions.server';
import { quizOfStep } from '~/content/quizzes';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { getViewer, requireStudent } from '~/features/auth/guards.server';
import { renderStepContent } from '~/features/courses/step-content.server';
import { StepView } from '~/features/courses/step-view';
import { YourCertificate } from '~/features/certificates/your-certificate';
import { StepProgressForm } from '~/features/progress/step-progress-form';
import { isNumberedStep, STEP_PROGRESS_INTENTS } from '~/features/progress/progress';
import { markStep } from '~/features/progress/progress.server';
import { projectsOfStep } from '~/content/projects';
import { SUBMIT } from '~/features/projects/project-forms';
import { answerProjectSubmission } from '~/routes/projects/project-submission.server';
import { StepProjects } from '~/features/projects/step-projects';
import { GraduationLecture } from '~/features/live-classes/student-class-views';
import { graduationClassOf } from '~/features/live-classes/student-classes.server';
import { QuizCallout } from '~/features/quizzes/quiz-callout';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { INTENT, parseFields, readForm, refuseForm } from '~/lib/form.server';
import { requireServerContext, type RequestContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import { fedCoursePageMeta } from './course-page-meta';
import { myCertificate, myJoinableCohort, myProgress, mySubmissions } from './course-reader.server';
import type { loader as areaLoader } from './layout';
import type { Route } from './+types/step';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/**
 * A step of the FrontEnd course, `/fed/{step}` (the course home is its own route, `home.tsx`):
 * its content, the reader's progress, its projects and quiz, and on the conclusion the
 * certificate and the graduation lecture.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  // The quiz page is the quiz's own route; `:step` never matches it.
  const step = findContentStep(params.step);
  if (!step) throw data(null, { status: 404 });
  // The guard runs before any content is read, so a denied request never carries it.
  if (step.studentsOnly) await requireStudent(context);
  const ctx = requireServerContext(context);
  const isConclusion = step.slug === 'conclusion';
  const projects = projectsOfStep('frontend', step.slug);
  const quiz = quizOfStep(step.slug);
  const [progress, certificate, submissions, lecture] = await Promise.all([
    myProgress(ctx, step.slug),
    isConclusion ? myCertificate(ctx) : null,
    projects.length > 0 ? mySubmissions(ctx) : [],
    isConclusion ? myGraduationLecture(ctx) : undefined,
  ]);
  return {
    step,
    // Read from the cache only now that the guard above has let this reader in.
    content: lecture
      ? renderStepContent(
          'frontend/conclusion/lecture-scheduled',
          conclusionWithLectureScheduled(),
          context.pageFragments,
        )
      : renderStepContent(`frontend/${step.slug}`, courseContent(step.slug), context.pageFragments),
    academyZone: ctx.env.ACADEMY_TIME_ZONE,
    // The conclusion's section it goes in, named here: the content's module is server-only.
    lecture: lecture && { session: lecture, heading: LECTURE_TIME_HEADING },
    ...neighbourSteps(step.slug),
    progress,
    certificate,
    projects,
    submissions: submissions.filter((record) =>
      projects.some((project) => project.id === record.projectId),
    ),
    quiz: quiz && {
      quiz,
      questionCount: QUIZ_QUESTIONS[quiz.id].length,
    },
  };
}

/** The conclusion's graduation lecture, once it is a class of the reader's cohort. */
async function myGraduationLecture(context: RequestContext) {
  const { cohort } = await myJoinableCohort(context);
  if (!cohort) return undefined;
  return graduationClassOf(context.db, cohort.id, {
    origin: context.env.ORIGIN,
    now: new Date(),
  });
}

const SIGN_IN_TO_TRACK = 'Sign in to keep track of your progress.';

const SIGN_IN_TO_SUBMIT = 'Sign in to send your project for review.';

const progressSchema = z.object({
  intent: z.enum(STEP_PROGRESS_INTENTS, { error: FORM_UNREADABLE }),
});

/**
 * The step page's two forms: Submit your project, and Mark as complete / Mark as not
 * complete on a numbered step. Only on a step the reader may read: a students-only step
 * answers 403 to anyone else (the same guard as its page), and nothing is written.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const step = findCourseStep(params.step);
  if (!step || !isNumberedStep(step.slug)) throw data('No such step', { status: 404 });
  const ctx = requireServerContext(context);
  // Read once: its intent says which of the page's two forms was sent.
  const sent = await readForm(request);
  if (sent?.get(INTENT) === SUBMIT) {
    // A visitor is asked to sign in; someone who may not read the step gets its 403.
    const viewer = await getViewer(ctx);
    if (!viewer) return refuseForm({ formError: SIGN_IN_TO_SUBMIT, fieldErrors: {} }, 401);
    if (step.studentsOnly) await requireStudent(ctx);
    return answerProjectSubmission(sent, ctx, viewer, {
      track: 'frontend',
      step: step.slug,
    });
  }
  const viewer = step.studentsOnly ? await requireStudent(ctx) : await getViewer(ctx);
  if (!viewer) return refuseForm({ formError: SIGN_IN_TO_TRACK, fieldErrors: {} }, 401);
  const form = parseFields(sent, progressSchema);
  if (!form.ok) return refuseForm(form.errors);
  const { intent } = form.data;
  const complete = intent === STEP_PROGRESS_INTENTS.complete;
  await markStep(ctx.db, viewer.id, step.slug, complete);
  ctx.log.info({ event: 'step-progress', step: step.slug, intent, userId: viewer.id }, 'audit');
  return data({ ok: true as const });
}

export const meta: Route.MetaFunction = fedCoursePageMeta;

export default function CourseStepPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const actionData = useActionDataThroughRefreshes(answered);
  const { progress, certificate, projects, submissions, academyZone, lecture, quiz, ...step } =
    loaderData;
  // The reader's quizzes, as the area's menu read them for this request.
  const quizzes = useRouteLoaderData<typeof areaLoader>('routes/fed/layout')?.quizzes ?? [];
  return (
    <StepView
      {...step}
      projects={
        <StepProjects
          projects={projects}
          submissions={submissions}
          signedIn={progress.signedIn}
          errors={actionData && 'fieldErrors' in actionData ? actionData : undefined}
        />
      }
      quiz={
        quiz && (
          <QuizCallout
            {...quiz}
            standing={quizzes.find((standing) => standing.quizId === quiz.quiz.id) ?? null}
          />
        )
      }
      sectionLead={
        lecture && {
          heading: lecture.heading,
          node: <GraduationLecture session={lecture.session} academyZone={academyZone} />,
        }
      }
      progressForm={
        progress.signedIn && step.step.number !== undefined ? (
          <StepProgressForm
            action={`/fed/${step.step.slug}`}
            completed={progress.completedAt !== null}
          />
        ) : undefined
      }
    >
      <YourCertificate certificate={certificate} />
    </StepView>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
