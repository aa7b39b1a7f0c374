import type { Kysely } from 'kysely';
import { NO_COHORT, nowTimestamp, type CohortRow, type Database } from '~/db/schema';
import { nextCohortSentence } from './cohort-dates';

/** Every cohort, the next to start first, then those without a date, by name. */
export function listCohorts(db: Kysely<Database>): Promise<CohortRow[]> {
  return db
    .selectFrom('cohorts')
    .selectAll()
    .orderBy((eb) => eb.case().when('start_date', 'is', null).then(1).else(0).end())
    .orderBy('start_date')
    .orderBy('name')
    .execute();
}

export interface CohortOption {
  value: string;
  label: string;
}

/** The options of a cohort select: `none` first, then every cohort by its name. */
export async function cohortOptions(db: Kysely<Database>): Promise<CohortOption[]> {
  const cohorts = await listCohorts(db);
  return [
    { value: NO_COHORT, label: 'none' },
    ...cohorts.map((cohort) => ({ value: cohort.id, label: cohort.name })),
  ];
}

/** Whether a user may be placed in `cohort`: `none` or an existing cohort's id. */
export async function isKnownCohort(db: Kysely<Database>, cohort: string): Promise<boolean> {
  if (cohort === NO_COHORT) return true;
  const row = await db
    .selectFrom('cohorts')
    .select('id')
    .where('id', '=', cohort)
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

export class CohortNameTaken extends Error {
  override name = 'CohortNameTaken';
}

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
): Promise<CohortRow> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, input.name)) throw new CohortNameTaken(input.name);
    const at = nowTimestamp(now);
    return trx
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
  });
}

/** Changes a cohort's details; its id (what users hold) stays. Undefined: no such cohort. */
export async function updateCohort(
  db: Kysely<Database>,
  id: string,
  input: CohortInput,
  now: Date = new Date(),
): Promise<CohortRow | undefined> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, input.name, id)) throw new CohortNameTaken(input.name);
    return trx
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
