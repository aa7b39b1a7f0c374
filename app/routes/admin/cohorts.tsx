import { data } from 'react-router';
import { z } from '~/lib/zod';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { COHORT_INTENTS, COHORT_MESSAGES, MENTOR_INTENTS } from '~/features/cohorts/cohort-form';
import { CohortsView } from '~/features/cohorts/cohorts-view';
import {
  type CohortRefusal,
  countCohortMembers,
  createCohort,
  listCohorts,
  setCohortArchived,
  updateCohort,
} from '~/features/cohorts/cohorts.server';
import { MENTOR_MESSAGES } from '~/features/mentors/mentors';
import { addMentor, mentorsOf, removeMentor } from '~/features/mentors/mentors.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { calendarDay, FORM_UNREADABLE, wholeNumber } from '~/lib/form-fields';
import { parseForm, refuseForm } from '~/lib/form.server';
import type { Refusal } from '~/lib/refusal';
import { refuseWith, type RefusalAnswers } from '~/lib/refusal.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/cohorts';

/** How the page answers a refused save (decision 079); an unknown id is its own 404. */
const COHORT_REFUSALS: RefusalAnswers<Exclude<CohortRefusal, Refusal<'notFound'>>> = {
  nameTaken: { status: 409, message: COHORT_MESSAGES.nameTaken, field: 'name' },
};

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

const saveSchema = z.object({
  // The save button sends no intent (Enter in a field sends none either): a form without one saves.
  intent: z.literal(COHORT_INTENTS.save).default(COHORT_INTENTS.save),
  id: z.string().optional(),
  name: z.string().trim().min(2, COHORT_MESSAGES.name).max(60, COHORT_MESSAGES.name),
  startDate: calendarDay(COHORT_MESSAGES.startDate, { optional: true }),
  schedule: z.string().trim().max(120, COHORT_MESSAGES.schedule).default(''),
  capacity: wholeNumber(COHORT_MESSAGES.capacity, 1, 10_000, { optional: true }),
});

const archiveSchema = z.object({
  intent: z.enum([COHORT_INTENTS.archive, COHORT_INTENTS.restore]),
  // No id finds no cohort: the same 404 as an unknown one.
  id: z.string().default(''),
});

// No cohort id finds no cohort: the same 404 as an unknown one.
const mentorSchemas = [
  z.object({
    intent: z.literal(MENTOR_INTENTS.add),
    cohortId: z.string().default(''),
    email: z.string().trim().min(3, MENTOR_MESSAGES.email).max(320, MENTOR_MESSAGES.email),
  }),
  z.object({
    intent: z.literal(MENTOR_INTENTS.remove),
    cohortId: z.string().default(''),
    userId: z.string().default(''),
  }),
] as const;

const cohortFormSchema = z.discriminatedUnion(
  'intent',
  [saveSchema, archiveSchema, ...mentorSchemas],
  { error: FORM_UNREADABLE },
);

/** Add mentor's refusals: the message, its field (none: the section's own), the status. */
const ADD_MENTOR_REFUSALS = {
  'unknown-email': { message: MENTOR_MESSAGES.unknownEmail, field: 'email', status: 400 },
  'several-accounts': { message: MENTOR_MESSAGES.severalAccounts, field: 'email', status: 409 },
  'already-mentor': { message: MENTOR_MESSAGES.alreadyMentor, field: 'email', status: 409 },
  'archived-cohort': { message: MENTOR_MESSAGES.archivedCohort, field: undefined, status: 409 },
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServerContext(context);
  const [cohorts, members] = await Promise.all([listCohorts(db), countCohortMembers(db)]);
  const mentors = await Promise.all(cohorts.map((cohort) => mentorsOf(db, cohort.id)));
  const editId = new URL(request.url).searchParams.get('edit');
  return {
    cohorts,
    members: Object.fromEntries(members),
    mentors: Object.fromEntries(cohorts.map((cohort, index) => [cohort.id, mentors[index]!])),
    editing: cohorts.find((cohort) => cohort.id === editId),
  };
}

/**
 * New cohort, Save cohort, Archive and Restore, Add mentor and Remove. An archived cohort
 * is no longer offered or announced; the public pages announce the next cohort, so every
 * change refreshes their prerendered copies. A mentor change is published on the mentor's
 * account, so their open pages and event stream check their cohorts again at once. Bad
 * input is answered 400 (409 for a conflict) with the reason beside its field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const admin = await requireAdmin(ctx);
  const parsed = await parseForm(request, cohortFormSchema);
  if (!parsed.ok) return refuseForm(parsed.errors);
  const { db } = ctx;
  const { data: fields } = parsed;
  const by = { id: admin.id, name: admin.name };
  if (fields.intent === MENTOR_INTENTS.add) {
    const { cohortId, email } = fields;
    const added = await addMentor(db, { cohortId, email, by });
    if (added.outcome === 'no-cohort') throw data(MENTOR_MESSAGES.noCohort, { status: 404 });
    if (added.outcome !== 'added') {
      const { message, field, status } = ADD_MENTOR_REFUSALS[added.outcome];
      const values = { intent: fields.intent, cohortId, email };
      const refusal = field ? { fieldErrors: { [field]: message } } : { formError: message };
      return refuseForm({ fieldErrors: {}, ...refusal, values }, status);
    }
    ctx.log.info(
      { event: 'mentor-added', cohortId, userId: added.mentor.id, by: admin.id },
      'audit',
    );
    ctx.changeEvents.publish({ collection: 'users', id: added.mentor.id });
    return redirectWithFlash(ctx, '/admin/cohorts', {
      type: 'success',
      message: MENTOR_MESSAGES.added(added.mentor.name, added.cohortName),
    });
  }
  if (fields.intent === MENTOR_INTENTS.remove) {
    const { cohortId, userId } = fields;
    const removed = await removeMentor(db, { cohortId, userId, by });
    if (removed.outcome === 'not-mentor') {
      const values = { intent: fields.intent, cohortId };
      return refuseForm({ formError: MENTOR_MESSAGES.notMentor, fieldErrors: {}, values }, 409);
    }
    ctx.log.info({ event: 'mentor-removed', cohortId, userId, by: admin.id }, 'audit');
    ctx.changeEvents.publish({ collection: 'users', id: userId });
    return redirectWithFlash(ctx, '/admin/cohorts', {
      type: 'success',
      message: MENTOR_MESSAGES.removed(removed.mentor.name, removed.cohortName),
    });
  }
  if (fields.intent === COHORT_INTENTS.save) {
    const { id, name, startDate, schedule, capacity } = fields;
    const input = { name, startDate, schedule, capacity };
    const saved = id ? await updateCohort(db, id, input) : await createCohort(db, input);
    if (!saved.ok) {
      // An unknown id: the page's own 404.
      if (saved.reason === 'notFound') throw data(COHORT_MESSAGES.notFound, { status: 404 });
      // What was typed comes back: the refused form keeps its key and shows it.
      const typed = { name, startDate: startDate ?? '', schedule: schedule ?? '' };
      return refuseWith(COHORT_REFUSALS, saved, { ...typed, capacity: String(capacity ?? '') });
    }
    const { cohort } = saved;
    ctx.log.info({ event: 'cohort-saved', cohortId: cohort.id, by: admin.id }, 'audit');
    ctx.changeEvents.publish({ collection: 'cohorts', id: cohort.id });
    return redirectWithFlash(ctx, '/admin/cohorts', {
      type: 'success',
      message: `${COHORT_MESSAGES.saved}: ${cohort.name}`,
    });
  }
  const archived = fields.intent === COHORT_INTENTS.archive;
  const cohort = await setCohortArchived(db, fields.id, archived);
  if (!cohort) throw data(COHORT_MESSAGES.notFound, { status: 404 });
  ctx.log.info(
    {
      event: archived ? 'cohort-archived' : 'cohort-restored',
      cohortId: cohort.id,
      by: admin.id,
    },
    'audit',
  );
  ctx.changeEvents.publish({ collection: 'cohorts', id: cohort.id });
  const done = archived ? COHORT_MESSAGES.archived : COHORT_MESSAGES.restored;
  return redirectWithFlash(ctx, '/admin/cohorts', {
    type: 'success',
    message: `${done}: ${cohort.name}`,
  });
}

export default function AdminCohortsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CohortsView {...loaderData} errors={useActionDataThroughRefreshes(actionData)} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
