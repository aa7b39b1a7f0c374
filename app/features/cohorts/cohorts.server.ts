import type { Kysely } from 'kysely';
import { NO_COHORT, nowTimestamp, type CohortRow, type Database } from '~/db/schema';
import { refusal, type Refusal, type Result } from '~/lib/refusal';
import { nextCohortSentence } from './cohort-dates';

/**
 * Every cohort, the next to start first, then those without a date, by name; with
 * `openOnly`, archived cohorts are left out (what a select may offer for a new placement).
 */
export function listCohorts(
  db: Kysely<Database>,
  { openOnly = false }: { openOnly?: boolean } = {},
): Promise<CohortRow[]> {
  let query = db.selectFrom('cohorts').selectAll();
  if (openOnly) query = query.where('archived_at', 'is', null);
  return query
    .orderBy((eb) => eb.case().when('start_date', 'is', null).then(1).else(0).end())
    .orderBy('start_date')
    .orderBy('name')
    .execute();
}

export interface CohortOption {
  value: string;
  label: string;
}

/**
 * The options of a cohort select: `none` first, then the cohorts in `listCohorts` order.
 * Archived cohorts are offered only to a filter (`forFilter`: their members are still
 * there to find) or as `current`, the value the select holds now, so that saving a form
 * never moves someone out of an archived cohort without the admin choosing it.
 */
export async function cohortOptions(
  db: Kysely<Database>,
  { forFilter = false, current }: { forFilter?: boolean; current?: string } = {},
): Promise<CohortOption[]> {
  const cohorts = await listCohorts(db);
  return [
    { value: NO_COHORT, label: 'none' },
    ...cohorts
      .filter((cohort) => forFilter || !cohort.archived_at || cohort.id === current)
      .map((cohort) => ({
        value: cohort.id,
        label: cohort.archived_at ? `${cohort.name} (archived)` : cohort.name,
      })),
  ];
}

/**
 * Whether someone may be placed in `cohort` now: `none` or a cohort that exists and is
 * not archived.
 */
export async function isOpenCohort(db: Kysely<Database>, cohort: string): Promise<boolean> {
  if (cohort === NO_COHORT) return true;
  const row = await db
    .selectFrom('cohorts')
    .select('id')
    .where('id', '=', cohort)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The next cohort to start after `today` (`YYYY-MM-DD`), for "Next cohort starts …" on
 * the public pages; undefined when none has a future start date.
 */
export function findNextCohort(
  db: Kysely<Database>,
  today: string,
): Promise<Pick<CohortRow, 'id' | 'name' | 'start_date'> | undefined> {
  return db
    .selectFrom('cohorts')
    .select(['id', 'name', 'start_date'])
    .where('start_date', '>', today)
    .where('archived_at', 'is', null)
    .orderBy('start_date')
    .orderBy('name')
    .executeTakeFirst();
}

/** "Next cohort starts 12 January 2027" for the public pages, or ''. */
export async function nextCohortSentenceFor(db: Kysely<Database>, today: string): Promise<string> {
  return nextCohortSentence((await findNextCohort(db, today))?.start_date);
}

export interface CohortInput {
  name: string;
  startDate: string | null;
  schedule: string;
  capacity: number | null;
}

/** Why saving a cohort is refused (decision 079): another has its name, or none has its id. */
export type CohortRefusal = Refusal<'nameTaken' | 'notFound'>;

/** `Cohort 2` → `cohort-2`; a taken id gets a number: `cohort-2-2`. */
async function newCohortId(db: Kysely<Database>, name: string): Promise<string> {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'cohort';
  const taken = new Set(
    (
      await db
        .selectFrom('cohorts')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', base), eb('id', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.id),
  );
  if (!taken.has(base) && base !== NO_COHORT) return base;
  for (let suffix = 2; ; suffix += 1) {
    if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
  }
}

async function nameTaken(db: Kysely<Database>, name: string, exceptId?: string) {
  let query = db
    .selectFrom('cohorts')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function createCohort(
  db: Kysely<Database>,
  input: CohortInput,
  now: Date = new Date(),
): Promise<Result<{ cohort: CohortRow }, Refusal<'nameTaken'>>> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, input.name)) return refusal('nameTaken');
    const at = nowTimestamp(now);
    const cohort = await trx
      .insertInto('cohorts')
      .values({
        id: await newCohortId(trx, input.name),
        name: input.name,
        start_date: input.startDate,
        schedule: input.schedule,
        capacity: input.capacity,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, cohort };
  });
}

/** Changes a cohort's details; its id (what users hold) stays. */
export async function updateCohort(
  db: Kysely<Database>,
  id: string,
  input: CohortInput,
  now: Date = new Date(),
): Promise<Result<{ cohort: CohortRow }, CohortRefusal>> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, input.name, id)) return refusal('nameTaken');
    const cohort = await trx
      .updateTable('cohorts')
      .set({
        name: input.name,
        start_date: input.startDate,
        schedule: input.schedule,
        capacity: input.capacity,
        updated_at: nowTimestamp(now),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return cohort ? { ok: true, cohort } : refusal('notFound');
  });
}

/** How many users each cohort holds, by cohort id. */
export async function countCohortMembers(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['cohort', (eb) => eb.fn.countAll<number | string>().as('members')])
    .where('cohort', '<>', NO_COHORT)
    .groupBy('cohort')
    .execute();
  return new Map(rows.map((row) => [row.cohort, Number(row.members)]));
}

/**
 * Archives a cohort (`archived: true`) or brings it back. Its members, their history and
 * their certificates keep it. Undefined: no such cohort.
 */
export async function setCohortArchived(
  db: Kysely<Database>,
  id: string,
  archived: boolean,
  now: Date = new Date(),
): Promise<CohortRow | undefined> {
  const at = nowTimestamp(now);
  return db
    .updateTable('cohorts')
    .set({ archived_at: archived ? at : null, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A person's cohort as the course home shows it, or null while they are in none. */
export function findCohortOf(
  db: Kysely<Database>,
  cohort: string,
): Promise<{ name: string; start_date: string | null; schedule: string } | undefined> {
  return db
    .selectFrom('cohorts')
    .select(['name', 'start_date', 'schedule'])
    .where('id', '=', cohort)
    .executeTakeFirst();
}

/** The name of a person's cohort, or null while they are in none (as a certificate or an invitation prints it). */
export async function cohortNameOf(db: Kysely<Database>, cohort: string): Promise<string | null> {
  if (cohort === NO_COHORT) return null;
  const row = await db
    .selectFrom('cohorts')
    .select('name')
    .where('id', '=', cohort)
    .executeTakeFirst();
  return row?.name ?? null;
}
