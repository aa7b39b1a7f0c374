import { ArrowRight } from 'lucide-react';
import { data, Link } from 'react-router';
import { z } from '~/lib/zod';
import { FULLSTACK_CONTENT } from '~/content/fullstack-content.server';
import {
  findFullstackStep,
  FULLSTACK_NUMBERED_STEPS,
  fullstackNeighbours,
} from '~/content/fullstack-steps';
import { projectsOfStep } from '~/content/projects';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireFullstack } from '~/features/auth/guards.server';
import { renderStepContent } from '~/features/courses/step-content.server';
import { StepView } from '~/features/courses/step-view';
import { EnrolmentPanel } from '~/features/enrolment/enrolment-panel';
import { enrolmentStandingOf } from '~/features/enrolment/enrolment-standing.server';
import {
  completedFullstackSteps,
  fullstackStepKey,
} from '~/features/fullstack/fullstack-progress.server';
import { SUBMIT } from '~/features/projects/project-forms';
import { answerProjectSubmission } from '~/routes/projects/project-submission.server';
import { projectsStanding } from '~/features/projects/project-standing';
import { ProjectsSummary } from '~/features/projects/projects-summary';
import { StepProjects } from '~/features/projects/step-projects';
import { submissionsOf } from '~/features/projects/submissions.server';
import { STEP_PROGRESS_INTENTS, summarizeProgress } from '~/features/progress/progress';
import { markStep } from '~/features/progress/progress.server';
import { ProgressSummary } from '~/features/progress/progress-summary-view';
import { StepProgressForm } from '~/features/progress/step-progress-form';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { INTENT, parseFields, readForm, refuseForm } from '~/lib/form.server';
import { pageMeta, summarize } from '~/lib/seo';
import { requireServerContext } from '~/load-context';
import { rootDataFromMatches } from '~/root-data';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/step';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/**
 * A FullStack step (decision 047): FullStack students, admins and mentors only, guarded before
 * any content is read, so a denied page and its `.data` carry none of it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const step = findFullstackStep(params.step);
  if (!step) throw data(null, { status: 404 });
  const viewer = await requireFullstack(context);
  const ctx = requireServerContext(context);
  const { db } = ctx;
  const isHome = step.slug === 'home';
  const projects = projectsOfStep('fullstack', step.slug);
  const [completed, submissions, enrolment] = await Promise.all([
    completedFullstackSteps(db, viewer.id),
    isHome || projects.length > 0 ? submissionsOf(db, viewer.id) : [],
    // The plan being paid, as on the FrontEnd home (decision 068).
    isHome
      ? enrolmentStandingOf(db, viewer.id, { graceDays: ctx.env.OVERDUE_GRACE_DAYS })
      : undefined,
  ]);
  return {
    step,
    // Read from the cache only now that the guard above has let this reader in.
    content: renderStepContent(
      `fullstack/${step.slug}`,
      FULLSTACK_CONTENT[step.slug],
      context.pageFragments,
    ),
    ...fullstackNeighbours(step.slug),
    completed,
    projects,
    submissions: submissions.filter((record) =>
      projects.some((project) => project.id === record.projectId),
    ),
    projectsStanding: isHome ? projectsStanding(submissions, 'fullstack') : null,
    enrolment: enrolment ?? null,
  };
}

const progressSchema = z.object({
  intent: z.enum(STEP_PROGRESS_INTENTS, { error: FORM_UNREADABLE }),
});

/**
 * A numbered FullStack step's two forms, for its readers: Submit your project, and Mark as
 * complete / Mark as not complete.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const step = findFullstackStep(params.step);
  if (!step || step.number === undefined) throw data('No such step', { status: 404 });
  const ctx = requireServerContext(context);
  const viewer = await requireFullstack(ctx);
  // Read once: its intent says which of the page's two forms was sent.
  const sent = await readForm(request);
  if (sent?.get(INTENT) === SUBMIT) {
    return answerProjectSubmission(sent, ctx, viewer, {
      track: 'fullstack',
      step: step.slug,
    });
  }
  const form = parseFields(sent, progressSchema);
  if (!form.ok) return refuseForm(form.errors);
  const { intent } = form.data;
  const key = fullstackStepKey(step.slug);
  await markStep(ctx.db, viewer.id, key, intent === 'complete');
  ctx.log.info({ event: 'step-progress', step: key, intent, userId: viewer.id }, 'audit');
  return data({ ok: true as const });
}

/** The FullStack track is for its students: none of it is for search engines. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: `${loaderData?.step.label ?? 'Course'} | ${site.shortName} FullStack Bootcamp`,
    description: loaderData ? summarize(loaderData.content.intro, 155) : '',
    path: `/fsd/${loaderData?.step.slug ?? ''}`,
    origin: rootDataFromMatches(matches)?.origin ?? '',
    siteName: site.name,
    noindex: true,
  });

export default function FullstackStepPage({
  loaderData,
  actionData: answered,
}: Route.ComponentProps) {
  const actionData = useActionDataThroughRefreshes(answered);
  const { completed, projects, submissions, projectsStanding, enrolment, ...step } = loaderData;
  const isHome = step.step.slug === 'home';
  return (
    <StepView
      {...step}
      base="/fsd"
      projects={
        <StepProjects
          projects={projects}
          submissions={submissions}
          signedIn
          errors={actionData && 'fieldErrors' in actionData ? actionData : undefined}
        />
      }
      progressForm={
        step.step.number !== undefined ? (
          <StepProgressForm
            action={`/fsd/${step.step.slug}`}
            completed={completed.includes(step.step.slug)}
          />
        ) : undefined
      }
    >
      {isHome && (
        <>
          {enrolment && <EnrolmentPanel standing={enrolment} />}
          <ProgressSummary
            base="/fsd"
            summary={summarizeProgress(new Set(completed), FULLSTACK_NUMBERED_STEPS)}
          />
          {projectsStanding && <ProjectsSummary standing={projectsStanding} />}
          <p className="mt-6">
            <Link
              to="/fed/home"
              className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
            >
              The FrontEnd steps this track builds on
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </p>
        </>
      )}
    </StepView>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
