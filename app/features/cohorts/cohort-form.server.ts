import { data } from 'react-router';
import { z } from 'zod';
import type { Viewer } from '~/features/auth/viewer';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import { readForm } from '~/lib/form.server';
import { CohortNameTaken, createCohort, setCohortArchived, updateCohort } from './cohorts.server';
import { COHORT_MESSAGES, type CohortFormResult } from './cohort-form';

const optional = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

const cohortSchema = z.object({
  name: z.string().trim().min(2, COHORT_MESSAGES.name).max(60, COHORT_MESSAGES.name),
  startDate: z.preprocess(
    optional,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, COHORT_MESSAGES.startDate)
      .refine(
        (day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
        COHORT_MESSAGES.startDate,
      )
      .nullable(),
  ),
  schedule: z.string().trim().max(120, COHORT_MESSAGES.schedule).default(''),
  capacity: z.preprocess(
    optional,
    z.coerce
      .number({ error: COHORT_MESSAGES.capacity })
      .int(COHORT_MESSAGES.capacity)
      .min(1, COHORT_MESSAGES.capacity)
      .max(10_000, COHORT_MESSAGES.capacity)
      .nullable(),
  ),
});

function savedCohort(context: RequestContext, message: string) {
  return redirectWithFlash(context, '/admin/cohorts', { type: 'success', message });
}

/**
 * Archive or Restore on `/admin/cohorts`. An archived cohort is no longer offered or
 * announced; the public pages' next-cohort sentence is refreshed like after an edit.
 */
async function archiveCohort(form: FormData, context: RequestContext, admin: Viewer) {
  const id = form.get('id');
  if (typeof id !== 'string' || !id) throw data(COHORT_MESSAGES.notFound, { status: 404 });
  const archived = form.get('intent') === 'archive';
  const cohort = await setCohortArchived(context.services.database.db, id, archived);
  if (!cohort) throw data(COHORT_MESSAGES.notFound, { status: 404 });
  context.log.info(
    { event: archived ? 'cohort-archived' : 'cohort-restored', cohortId: cohort.id, by: admin.id },
    'audit',
  );
  context.services.changeEvents.publish({ collection: 'cohorts', id: cohort.id });
  return savedCohort(
    context,
    `${archived ? COHORT_MESSAGES.archived : COHORT_MESSAGES.restored}: ${cohort.name}`,
  );
}

/**
 * New cohort, Save cohort, Archive and Restore on `/admin/cohorts`; bad input is answered
 * 400 with the reason.
 */
export async function submitCohort(request: Request, context: RequestContext, admin: Viewer) {
  const form = await readForm(request);
  if (!form) return data<CohortFormResult>({ error: COHORT_MESSAGES.unreadable }, { status: 400 });
  const intent = form.get('intent');
  if (intent === 'archive' || intent === 'restore') return archiveCohort(form, context, admin);
  const parsed = cohortSchema.safeParse({
    name: form.get('name') ?? '',
    startDate: form.get('startDate') ?? '',
    schedule: form.get('schedule') ?? '',
    capacity: form.get('capacity') ?? '',
  });
  if (!parsed.success) {
    return data<CohortFormResult>(
      { error: parsed.error.issues.map((issue) => issue.message).join(' ') },
      { status: 400 },
    );
  }
  const { db } = context.services.database;
  const id = form.get('id');
  try {
    const cohort =
      typeof id === 'string' && id
        ? await updateCohort(db, id, parsed.data)
        : await createCohort(db, parsed.data);
    if (!cohort) throw data(COHORT_MESSAGES.notFound, { status: 404 });
    context.log.info({ event: 'cohort-saved', cohortId: cohort.id, by: admin.id }, 'audit');
    // The public pages announce the next cohort: their prerendered copies are refreshed.
    context.services.changeEvents.publish({ collection: 'cohorts', id: cohort.id });
    return savedCohort(context, `${COHORT_MESSAGES.saved}: ${cohort.name}`);
  } catch (error) {
    if (!(error instanceof CohortNameTaken)) throw error;
    return data<CohortFormResult>({ error: COHORT_MESSAGES.nameTaken }, { status: 409 });
  }
}
