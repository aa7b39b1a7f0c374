import { data, Link, useRouteLoaderData } from 'react-router';
import { z } from '~/lib/zod';
import {
  conclusionWithLectureScheduled,
  courseContent,
  LECTURE_TIME_HEADING,
} from '~/content/course-content.server';
import { findContentStep, findCourseStep, neighbourSteps } from '~/content/course-steps';
import { QUIZ_QUESTIONS } from '~/content/quiz-questions.server';
import { quizOfStep } from '~/content/quizzes';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { getViewer, requireStudent } from '~/features/auth/guards.server';
import { FollowOwnChanges } from '~/features/courses/follow-own-changes';
import { renderStepContent } from '~/features/courses/step-content.server';
import { StepView } from '~/features/courses/step-view';
import { StudentStandingPanel, type StudentStanding } from '~/features/courses/student-standing';
import { findCohortOf } from '~/features/cohorts/cohorts.server';
import { UpgradeCard } from '~/features/enrolment/upgrade-card';
import { readUpgradeOffer } from '~/features/enrolment/upgrade.server';
import { enrolmentStandingOf } from '~/features/enrolment/enrolment-standing.server';
import { NO_COHORT } from '~/db/schema';
import { findStudentCertificate } from '~/features/certificates/student-certificate.server';
import { YourCertificate } from '~/features/certificates/your-certificate';
import { ProgressSummary } from '~/features/progress/progress-summary-view';
import { StepProgressForm } from '~/features/progress/step-progress-form';
import {
  isNumberedStep,
  STEP_PROGRESS_INTENTS,
  summarizeProgress,
} from '~/features/progress/progress';
import { markStep, readersCompletedSteps } from '~/features/progress/progress.server';
import { MyTransfers } from '~/features/transfers/my-transfers-view';
import { listTransfersOf } from '~/features/transfers/my-transfers.server';
import { projectsOfStep } from '~/content/projects';
import { SUBMIT } from '~/features/projects/project-forms';
import { answerProjectSubmission } from '~/routes/projects/project-submission.server';
import { projectsStanding } from '~/features/projects/project-standing';
import { ProjectsSummary } from '~/features/projects/projects-summary';
import { StepProjects } from '~/features/projects/step-projects';
import { submissionsOf } from '~/features/projects/submissions.server';
import { mayJoinClass } from '~/features/live-classes/live-sessions.server';
import {
  GraduationLecture,
  UpcomingLiveClasses,
} from '~/features/live-classes/student-class-views';
import {
  graduationClassOf,
  ownCohortOf,
  upcomingClassesOf,
} from '~/features/live-classes/student-classes.server';
import { QuizCallout } from '~/features/quizzes/quiz-callout';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { INTENT, parseFields, readForm, refuseForm } from '~/lib/form.server';
import { requireServerContext, type RequestContext } from '~/load-context';
import { rootDataFromMatches, useRootData } from '~/root-data';
import { pageMeta, privatePageMeta, summarize } from '~/lib/seo';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { loader as areaLoader } from './layout';
import type { Route } from './+types/step';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

export async function loader({ params, context }: Route.LoaderArgs) {
  // The quiz page is the quiz's own route; `:step` never matches it.
  const step = findContentStep(params.step);
  if (!step) throw data(null, { status: 404 });
  // The guard runs before any content is read, so a denied request never carries it.
  if (step.studentsOnly) await requireStudent(context);
  const ctx = requireServerContext(context);
  const showsCertificate = step.slug === 'home' || step.slug === 'conclusion';
  const isHome = step.slug === 'home';
  const projects = projectsOfStep('frontend', step.slug);
  const quiz = quizOfStep(step.slug);
  const [progress, transfers, certificate, standing, submissions, liveClasses, lecture] =
    await Promise.all([
      myProgress(ctx, step.slug),
      isHome ? myTransfers(ctx) : [],
      showsCertificate ? myCertificate(ctx) : null,
      isHome ? myStanding(ctx) : null,
      isHome || projects.length > 0 ? mySubmissions(ctx) : [],
      isHome ? myUpcomingClasses(ctx) : null,
      step.slug === 'conclusion' ? myGraduationLecture(ctx) : undefined,
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
    liveClasses,
    // The conclusion's section it goes in, named here: the content's module is server-only.
    lecture: lecture && { session: lecture, heading: LECTURE_TIME_HEADING },
    ...neighbourSteps(step.slug),
    progress,
    transfers,
    certificate,
    standing,
    projects,
    upgrade: isHome ? await readUpgradeOffer(ctx) : null,
    submissions: submissions.filter((record) =>
      projects.some((project) => project.id === record.projectId),
    ),
    projectsStanding:
      isHome && progress.signedIn ? projectsStanding(submissions, 'frontend') : null,
    quiz: quiz && {
      quiz,
      questionCount: QUIZ_QUESTIONS[quiz.id].length,
    },
  };
}

/** Every revision the reader sent: their step's projects, and the course home's count. */
async function mySubmissions(context: RequestContext) {
  const viewer = await getViewer(context);
  return viewer ? submissionsOf(context.db, viewer.id) : [];
}

/** Whether the reader is signed in, when they completed this step, and every step they did. */
async function myProgress(context: RequestContext, slug: string) {
  const viewer = await getViewer(context);
  if (!viewer) return { signedIn: false, completedAt: null, completed: [] };
  const rows = await readersCompletedSteps(context, viewer.id);
  return {
    signedIn: true,
    completedAt: rows.find((row) => row.step === slug)?.completed_at ?? null,
    completed: rows.map((row) => row.step),
  };
}

/** The course home tells a signed-in person how to unlock the steps, or their cohort. */
async function myStanding(context: RequestContext): Promise<StudentStanding | null> {
  const { user } = await context.session();
  if (!user) return null;
  const { db } = context;
  const enrolment =
    (await enrolmentStandingOf(db, user.id, {
      graceDays: context.env.OVERDUE_GRACE_DAYS,
    })) ?? null;
  if (user.access === 'none') return { kind: 'locked', enrolment };
  const cohort = user.cohort === NO_COHORT ? undefined : await findCohortOf(db, user.cohort);
  return {
    kind: 'student',
    cohort: cohort
      ? { name: cohort.name, startDate: cohort.start_date, schedule: cohort.schedule }
      : null,
    enrolment,
  };
}

/**
 * The cohort whose classes the reader may join: their own, while they still have course
 * access to it (a mentor or an admin with a cohort of their own sees its classes too).
 */
async function myJoinableCohort(context: RequestContext) {
  const { user } = await context.session();
  if (!user) return { user, cohort: undefined };
  const { db } = context;
  const cohort = await ownCohortOf(db, user);
  const mayJoin = cohort && (await mayJoinClass(db, user, { cohort_id: cohort.id }));
  return { user, cohort: mayJoin ? cohort : undefined };
}

/**
 * The course home's Upcoming live classes: nothing for a visitor or someone without
 * access; a student with access but no cohort is told they will be placed in one.
 */
async function myUpcomingClasses(context: RequestContext) {
  const { user, cohort } = await myJoinableCohort(context);
  if (!cohort) return user?.access === 'level-1' ? { classes: null } : null;
  const classes = await upcomingClassesOf(context.db, cohort.id, {
    origin: context.env.ORIGIN,
    now: new Date(),
  });
  return { classes };
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

/** The course home and the conclusion show a student's certificate once issued. */
async function myCertificate(context: RequestContext) {
  const { user } = await context.session();
  return user ? findStudentCertificate(context.db, user.id) : null;
}

/** The course home tells a signed-in student where their bank transfers stand. */
async function myTransfers(context: RequestContext) {
  const { user } = await context.session();
  return user ? listTransfersOf(context.db, user.id) : [];
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

/**
 * The open steps are public course material and may be found in search; the students-only
 * steps (and any denied or missing page) are kept out of the index.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return privatePageMeta(`Course | ${site.shortName}`);
  const { step, content } = loaderData;
  return pageMeta({
    title: `${step.label} | ${site.shortName} FrontEnd Bootcamp`,
    description: summarize(content.intro, 155),
    path: `/fed/${step.slug}`,
    origin: rootDataFromMatches(matches)?.origin ?? '',
    siteName: site.name,
    noindex: step.studentsOnly,
  });
};

export default function CourseStepPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const actionData = useActionDataThroughRefreshes(answered);
  const {
    transfers,
    progress,
    certificate,
    standing,
    projects,
    submissions,
    projectsStanding,
    academyZone,
    liveClasses,
    lecture,
    quiz,
    upgrade,
    ...step
  } = loaderData;
  const isHome = step.step.slug === 'home';
  const { viewer } = useRootData();
  // The reader's quizzes, as the area's menu read them for this request.
  const quizzes = useRouteLoaderData<typeof areaLoader>('routes/fed/layout')?.quizzes ?? [];
  // A FullStack reader's course home leads on to their track (decision 047).
  const continuesInFullstack = isHome && viewer?.readsFullstack;
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
      {standing && <FollowOwnChanges />}
      {standing && <StudentStandingPanel standing={standing} />}
      {upgrade && <UpgradeCard offer={upgrade} />}
      {continuesInFullstack && (
        <p className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5">
          <Link to="/fsd/home" className="font-semibold text-brand-800 underline">
            Your FullStack track continues here
          </Link>
        </p>
      )}
      {liveClasses && (
        <UpcomingLiveClasses classes={liveClasses.classes} academyZone={academyZone} />
      )}
      {isHome && progress.signedIn && (
        <ProgressSummary
          base="/fed"
          summary={summarizeProgress(new Set(progress.completed))}
          quizzesPassed={quizzes.filter((standing) => standing.passed).length}
        />
      )}
      {projectsStanding && <ProjectsSummary standing={projectsStanding} />}
      <YourCertificate certificate={certificate} />
      <MyTransfers transfers={transfers} heading="Your bank transfers" />
    </StepView>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
