import { data } from 'react-router';
import { z } from '~/lib/zod';
import { findFullstackStep } from '~/content/fullstack-steps';
import { projectsOfStep } from '~/content/projects';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireFullstack } from '~/features/auth/guards.server';
import { StepView } from '~/features/courses/step-view';
import {
  completedFullstackSteps,
  fullstackStepKey,
} from '~/features/fullstack/fullstack-progress.server';
import { SUBMIT } from '~/features/projects/project-forms';
import { answerProjectSubmission } from '~/routes/projects/project-submission.server';
import { StepProjects } from '~/features/projects/step-projects';
import { submissionsOf } from '~/features/projects/submissions.server';
import { STEP_PROGRESS_INTENTS } from '~/features/progress/progress';
import { markStep } from '~/features/progress/progress.server';
import { StepProgressForm } from '~/features/progress/step-progress-form';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { INTENT, parseFields, readForm, refuseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import { fullstackPageMeta } from './fullstack-page-meta';
import { openFullstackPage } from './fullstack-page.server';
import type { Route } from './+types/step';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/**
 * A FullStack step, `/fsd/{step}` (the course home is its own route, `home.tsx`):
 * FullStack students, admins and mentors only, guarded before any content is read.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = findFullstackStep(params.step);
  if (!found) throw data(null, { status: 404 });
  const { viewer, ctx, page } = await openFullstackPage(context, found);
  const { db } = ctx;
  const projects = projectsOfStep('fullstack', found.slug);
  const [completed, submissions] = await Promise.all([
    completedFullstackSteps(db, viewer.id),
    projects.length > 0 ? submissionsOf(db, viewer.id) : [],
  ]);
  return {
    ...page,
    completed,
    projects,
    submissions: submissions.filter((record) =>
      projects.some((project) => project.id === record.projectId),
    ),
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

export const meta: Route.MetaFunction = fullstackPageMeta;

export default function FullstackStepPage({
  loaderData,
  actionData: answered,
}: Route.ComponentProps) {
  const actionData = useActionDataThroughRefreshes(answered);
  const { completed, projects, submissions, ...step } = loaderData;
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
    />
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
