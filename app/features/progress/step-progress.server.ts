import { data } from 'react-router';
import { findCourseStep } from '~/content/course-steps';
import { getViewer, requireStudent } from '~/features/auth/guards.server';
import type { RequestContext } from '~/lib/load-context';
import { FORM_UNREADABLE, readForm } from '~/lib/form.server';
import { isNumberedStep } from './progress';
import { listCompletedSteps, markStep } from './progress.server';

export const SIGN_IN_TO_TRACK = 'Sign in to keep track of your progress.';

/** What a step page knows of its reader's progress. */
export interface StepProgress {
  signedIn: boolean;
  /** When this step was marked complete, or null. */
  completedAt: string | null;
  /** Every completed numbered step (the course home's summary). */
  completed: string[];
}

export async function readStepProgress(
  context: RequestContext,
  slug: string,
): Promise<StepProgress> {
  const viewer = await getViewer(context);
  if (!viewer) return { signedIn: false, completedAt: null, completed: [] };
  const rows = await listCompletedSteps(context.services.database.db, viewer.id);
  return {
    signedIn: true,
    completedAt: rows.find((row) => row.step === slug)?.completed_at ?? null,
    completed: rows.map((row) => row.step),
  };
}

/**
 * Mark as complete / Mark as not complete on a numbered step. Only a step the reader may
 * read: a students-only step answers 403 to anyone else (the same guard as its page),
 * and nothing is written.
 */
export async function submitStepProgress(request: Request, context: RequestContext, slug: string) {
  const step = findCourseStep(slug);
  if (!step || !isNumberedStep(step.slug)) throw data('No such step', { status: 404 });
  const viewer = step.studentsOnly ? await requireStudent(context) : await getViewer(context);
  if (!viewer) return data({ error: SIGN_IN_TO_TRACK }, { status: 401 });
  const intent = (await readForm(request))?.get('intent');
  if (intent !== 'complete' && intent !== 'uncomplete') {
    return data({ error: FORM_UNREADABLE }, { status: 400 });
  }
  await markStep(context.services.database.db, viewer.id, step.slug, intent === 'complete');
  context.log.info({ event: 'step-progress', step: step.slug, intent, userId: viewer.id }, 'audit');
  return data({ ok: true as const });
}
