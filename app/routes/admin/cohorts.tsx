import { data } from 'react-router';
import { z } from 'zod';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { COHORT_INTENTS, COHORT_MESSAGES } from '~/features/cohorts/cohort-form';
import { CohortsView } from '~/features/cohorts/cohorts-view';
import {
  CohortNameTaken,
  countCohortMembers,
  createCohort,
  listCohorts,
  setCohortArchived,
  updateCohort,
} from '~/features/cohorts/cohorts.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { FORM_UNREADABLE, parseForm, refuseForm } from '~/lib/form.server';
import { requireServices } from '~/load-context';
import type { Route } from './+types/cohorts';

const optional = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

const saveSchema = z.object({
  // The save button sends no intent (Enter in a field sends none either): a form without one saves.
  intent: z.literal(COHORT_INTENTS.save).default(COHORT_INTENTS.save),
  id: z.string().optional(),
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
      .nullable()
      .default(null),
  ),
  schedule: z.string().trim().max(120, COHORT_MESSAGES.schedule).default(''),
  capacity: z.preprocess(
    optional,
    z.coerce
      .number({ error: COHORT_MESSAGES.capacity })
      .int(COHORT_MESSAGES.capacity)
      .min(1, COHORT_MESSAGES.capacity)
      .max(10_000, COHORT_MESSAGES.capacity)
      .nullable()
      .default(null),
  ),
});

const archiveSchema = z.object({
  intent: z.enum([COHORT_INTENTS.archive, COHORT_INTENTS.restore]),
  // No id finds no cohort: the same 404 as an unknown one.
  id: z.string().default(''),
});

const cohortFormSchema = z.discriminatedUnion('intent', [saveSchema, archiveSchema], {
  error: FORM_UNREADABLE,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServices(context).services.database;
  const [cohorts, members] = await Promise.all([listCohorts(db), countCohortMembers(db)]);
  const editId = new URL(request.url).searchParams.get('edit');
  return {
    cohorts,
    members: Object.fromEntries(members),
    editing: cohorts.find((cohort) => cohort.id === editId),
  };
}

/**
 * New cohort, Save cohort, Archive and Restore. An archived cohort is no longer offered or
 * announced; the public pages announce the next cohort, so every change refreshes their
 * prerendered copies. Bad input is answered 400 with the reason beside its field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = requireServices(context);
  const admin = await requireAdmin(services);
  const parsed = await parseForm(request, cohortFormSchema);
  if (!parsed.ok) return refuseForm(parsed.errors);
  const { db } = services.services.database;
  const { data: fields } = parsed;
  if (fields.intent === COHORT_INTENTS.save) {
    const { id, name, startDate, schedule, capacity } = fields;
    const input = { name, startDate, schedule, capacity };
    try {
      const cohort = id ? await updateCohort(db, id, input) : await createCohort(db, input);
      if (!cohort) throw data(COHORT_MESSAGES.notFound, { status: 404 });
      services.log.info({ event: 'cohort-saved', cohortId: cohort.id, by: admin.id }, 'audit');
      services.services.changeEvents.publish({ collection: 'cohorts', id: cohort.id });
      return redirectWithFlash(services, '/admin/cohorts', {
        type: 'success',
        message: `${COHORT_MESSAGES.saved}: ${cohort.name}`,
      });
    } catch (error) {
      if (!(error instanceof CohortNameTaken)) throw error;
      return refuseForm({ fieldErrors: { name: COHORT_MESSAGES.nameTaken } }, 409);
    }
  }
  const archived = fields.intent === COHORT_INTENTS.archive;
  const cohort = await setCohortArchived(db, fields.id, archived);
  if (!cohort) throw data(COHORT_MESSAGES.notFound, { status: 404 });
  services.log.info(
    {
      event: archived ? 'cohort-archived' : 'cohort-restored',
      cohortId: cohort.id,
      by: admin.id,
    },
    'audit',
  );
  services.services.changeEvents.publish({ collection: 'cohorts', id: cohort.id });
  const done = archived ? COHORT_MESSAGES.archived : COHORT_MESSAGES.restored;
  return redirectWithFlash(services, '/admin/cohorts', {
    type: 'success',
    message: `${done}: ${cohort.name}`,
  });
}

export default function AdminCohortsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CohortsView {...loaderData} errors={actionData} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
