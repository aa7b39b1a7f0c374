import { data, Link, useRouteLoaderData } from 'react-router';
import { courseContent } from '~/content/course-content.server';
import { findContentStep, neighbourSteps } from '~/content/course-steps';
import { NO_COHORT } from '~/db/schema';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { YourCertificate } from '~/features/certificates/your-certificate';
import { findCohortOf } from '~/features/cohorts/cohorts.server';
import { FollowOwnChanges } from '~/features/courses/follow-own-changes';
import { renderStepContent } from '~/features/courses/step-content.server';
import { StepView } from '~/features/courses/step-view';
import { StudentStandingPanel, type StudentStanding } from '~/features/courses/student-standing';
import { enrolmentStandingOf } from '~/features/enrolment/enrolment-standing.server';
import { UpgradeCard } from '~/features/enrolment/upgrade-card';
import { readUpgradeOffer } from '~/features/enrolment/upgrade.server';
import { UpcomingLiveClasses } from '~/features/live-classes/student-class-views';
import { upcomingClassesOf } from '~/features/live-classes/student-classes.server';
import { summarizeProgress } from '~/features/progress/progress';
import { ProgressSummary } from '~/features/progress/progress-summary-view';
import { projectsStanding } from '~/features/projects/project-standing';
import { ProjectsSummary } from '~/features/projects/projects-summary';
import { MyTransfers } from '~/features/transfers/my-transfers-view';
import { listTransfersOf } from '~/features/transfers/my-transfers.server';
import { requireServerContext, type RequestContext } from '~/load-context';
import { useRootData } from '~/root-data';
import { fedCoursePageMeta } from './course-page-meta';
import { myCertificate, myJoinableCohort, myProgress, mySubmissions } from './course-reader.server';
import type { loader as areaLoader } from './layout';
import type { Route } from './+types/home';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/**
 * The FrontEnd course home, `/fed/home`: the home step's content and, for its signed-in
 * reader, where they stand (enrolment, cohort, an upgrade), their upcoming classes, progress,
 * projects, certificate and bank transfers. Open to anyone, as SPEC's home step is.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const step = findContentStep('home')!;
  const ctx = requireServerContext(context);
  const [progress, transfers, certificate, standing, submissions, liveClasses, upgrade] =
    await Promise.all([
      myProgress(ctx, step.slug),
      myTransfers(ctx),
      myCertificate(ctx),
      myStanding(ctx),
      mySubmissions(ctx),
      myUpcomingClasses(ctx),
      readUpgradeOffer(ctx),
    ]);
  return {
    step,
    content: renderStepContent(
      `frontend/${step.slug}`,
      courseContent(step.slug),
      context.pageFragments,
    ),
    academyZone: ctx.env.ACADEMY_TIME_ZONE,
    liveClasses,
    ...neighbourSteps(step.slug),
    progress,
    transfers,
    certificate,
    standing,
    upgrade,
    projectsStanding: progress.signedIn ? projectsStanding(submissions, 'frontend') : null,
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

/** The course home tells a signed-in student where their bank transfers stand. */
async function myTransfers(context: RequestContext) {
  const { user } = await context.session();
  return user ? listTransfersOf(context.db, user.id) : [];
}

/** The course home has no form of its own: a post answers 404, as on a step without forms. */
export function action() {
  throw data('No such step', { status: 404 });
}

export const meta: Route.MetaFunction = fedCoursePageMeta;

export default function CourseHomePage({ loaderData }: Route.ComponentProps) {
  const {
    transfers,
    progress,
    certificate,
    standing,
    projectsStanding,
    academyZone,
    liveClasses,
    upgrade,
    ...step
  } = loaderData;
  const { viewer } = useRootData();
  // The reader's quizzes, as the area's menu read them for this request.
  const quizzes = useRouteLoaderData<typeof areaLoader>('routes/fed/layout')?.quizzes ?? [];
  return (
    <StepView {...step}>
      {standing && <FollowOwnChanges />}
      {standing && <StudentStandingPanel standing={standing} />}
      {upgrade && <UpgradeCard offer={upgrade} />}
      {/* A FullStack reader's course home leads on to their track. */}
      {viewer?.readsFullstack && (
        <p className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5">
          <Link to="/fsd/home" className="font-semibold text-brand-800 underline">
            Your FullStack track continues here
          </Link>
        </p>
      )}
      {liveClasses && (
        <UpcomingLiveClasses classes={liveClasses.classes} academyZone={academyZone} />
      )}
      {progress.signedIn && (
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
