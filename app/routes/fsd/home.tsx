import { ArrowRight } from 'lucide-react';
import { data, Link } from 'react-router';
import { findFullstackStep, FULLSTACK_NUMBERED_STEPS } from '~/content/fullstack-steps';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { StepView } from '~/features/courses/step-view';
import { EnrolmentPanel } from '~/features/enrolment/enrolment-panel';
import { enrolmentStandingOf } from '~/features/enrolment/enrolment-standing.server';
import { completedFullstackSteps } from '~/features/fullstack/fullstack-progress.server';
import { projectsStanding } from '~/features/projects/project-standing';
import { ProjectsSummary } from '~/features/projects/projects-summary';
import { submissionsOf } from '~/features/projects/submissions.server';
import { summarizeProgress } from '~/features/progress/progress';
import { ProgressSummary } from '~/features/progress/progress-summary-view';
import { fullstackPageMeta } from './fullstack-page-meta';
import { openFullstackPage } from './fullstack-page.server';
import type { Route } from './+types/home';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/**
 * The FullStack course home, `/fsd/home`, for the track's readers: the home step's content,
 * the plan being paid (as on the FrontEnd home, decision 068), progress and projects.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { viewer, ctx, page } = await openFullstackPage(context, findFullstackStep('home')!);
  const { db } = ctx;
  const [completed, submissions, enrolment] = await Promise.all([
    completedFullstackSteps(db, viewer.id),
    submissionsOf(db, viewer.id),
    enrolmentStandingOf(db, viewer.id, { graceDays: ctx.env.OVERDUE_GRACE_DAYS }),
  ]);
  return {
    ...page,
    completed,
    projectsStanding: projectsStanding(submissions, 'fullstack'),
    enrolment: enrolment ?? null,
  };
}

/** The course home has no form of its own: a post answers 404, as on a step without forms. */
export function action() {
  throw data('No such step', { status: 404 });
}

export const meta: Route.MetaFunction = fullstackPageMeta;

export default function FullstackHomePage({ loaderData }: Route.ComponentProps) {
  const { completed, projectsStanding, enrolment, ...step } = loaderData;
  return (
    <StepView {...step} base="/fsd">
      {enrolment && <EnrolmentPanel standing={enrolment} />}
      <ProgressSummary
        base="/fsd"
        summary={summarizeProgress(new Set(completed), FULLSTACK_NUMBERED_STEPS)}
      />
      <ProjectsSummary standing={projectsStanding} />
      <p className="mt-6">
        <Link
          to="/fed/home"
          className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
        >
          The FrontEnd steps this track builds on
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </p>
    </StepView>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
