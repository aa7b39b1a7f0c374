import { data } from 'react-router';
import { courseContent } from '~/content/course-content.server';
import { findCourseStep, neighbourSteps } from '~/content/course-steps';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireStudent } from '~/features/auth/guards.server';
import { FollowOwnChanges } from '~/features/courses/follow-own-changes';
import { StepView } from '~/features/courses/step-view';
import { StudentStandingPanel, type StudentStanding } from '~/features/courses/student-standing';
import { findCohortOf } from '~/features/cohorts/cohorts.server';
import { NO_COHORT } from '~/db/schema';
import { findStudentCertificate } from '~/features/certificates/student-certificate.server';
import { YourCertificate } from '~/features/certificates/your-certificate';
import { ProgressSummary } from '~/features/progress/progress-summary-view';
import { StepProgressForm } from '~/features/progress/step-progress-form';
import { readStepProgress, submitStepProgress } from '~/features/progress/step-progress.server';
import { MyTransfers } from '~/features/transfers/my-transfers-view';
import { listTransfersOf } from '~/features/transfers/my-transfers.server';
import { requireServices, type RequestContext } from '~/lib/load-context';
import { rootDataFromMatches } from '~/lib/root-data';
import { pageMeta, summarize } from '~/lib/seo';
import type { Route } from './+types/step';

export async function loader({ params, context }: Route.LoaderArgs) {
  const step = findCourseStep(params.step);
  if (!step) throw data(null, { status: 404 });
  // The guard runs before any content is read, so a denied request never carries it.
  if (step.studentsOnly) await requireStudent(context);
  const services = requireServices(context);
  const showsCertificate = step.slug === 'home' || step.slug === 'conclusion';
  const isHome = step.slug === 'home';
  const [progress, transfers, certificate, standing] = await Promise.all([
    readStepProgress(services, step.slug),
    isHome ? myTransfers(services) : [],
    showsCertificate ? myCertificate(services) : null,
    isHome ? myStanding(services) : null,
  ]);
  return {
    step,
    content: courseContent(step.slug),
    ...neighbourSteps(step.slug),
    progress,
    transfers,
    certificate,
    standing,
  };
}

/** The course home tells a signed-in person how to unlock the steps, or their cohort. */
async function myStanding(context: RequestContext): Promise<StudentStanding | null> {
  const { user } = await context.session();
  if (!user) return null;
  if (user.access === 'none') return { kind: 'locked' };
  const cohort =
    user.cohort === NO_COHORT
      ? undefined
      : await findCohortOf(context.services.database.db, user.cohort);
  return {
    kind: 'student',
    cohort: cohort
      ? { name: cohort.name, startDate: cohort.start_date, schedule: cohort.schedule }
      : null,
  };
}

/** The course home and the conclusion show a student's certificate once issued. */
async function myCertificate(context: RequestContext) {
  const { user } = await context.session();
  return user ? findStudentCertificate(context.services.database.db, user.id) : null;
}

/** Mark as complete / Mark as not complete (numbered steps the reader may read). */
export function action({ request, params, context }: Route.ActionArgs) {
  return submitStepProgress(request, requireServices(context), params.step);
}

/** The course home tells a signed-in student where their bank transfers stand. */
async function myTransfers(context: RequestContext) {
  const { user } = await context.session();
  return user ? listTransfersOf(context.services.database.db, user.id) : [];
}

/**
 * The open steps are public course material and may be found in search; the students-only
 * steps (and any denied or missing page) are kept out of the index.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData)
    return [{ title: `Course | ${site.shortName}` }, { name: 'robots', content: 'noindex' }];
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

export default function CourseStepPage({ loaderData }: Route.ComponentProps) {
  const { transfers, progress, certificate, standing, ...step } = loaderData;
  const isHome = step.step.slug === 'home';
  return (
    <StepView
      {...step}
      progressForm={
        progress.signedIn && step.step.number !== undefined ? (
          <StepProgressForm slug={step.step.slug} completed={progress.completedAt !== null} />
        ) : undefined
      }
    >
      {standing && <FollowOwnChanges />}
      {standing && <StudentStandingPanel standing={standing} />}
      {isHome && progress.signedIn && <ProgressSummary completed={progress.completed} />}
      <YourCertificate certificate={certificate} />
      <MyTransfers transfers={transfers} heading="Your bank transfers" />
    </StepView>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
