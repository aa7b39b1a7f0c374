import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import type { TrackFilter, UserFilters, UserSearch } from './user-search';
import { datedFileName, keysetCsvStream } from './csv-export.server';
import { enrolled, matchingUsers } from './user-search.server';

export const EXPORT_COLUMNS = [
  'name',
  'email',
  'access',
  'cohort',
  'joined',
  'enrolment status',
  'track',
] as const;

/** `users-2026-11-22.csv`: the day of the export (UTC). */
export function exportFileName(now: Date = new Date()): string {
  return datedFileName('users', now);
}

interface Cursor {
  created_at: string;
  id: string;
}

/**
 * The next batch of the search's users in the list's order (newest first, then by id),
 * after `cursor`: a keyset page, so each batch starts where the last ended whatever the
 * size of the list. On SQLite it walks the created_at index (one pass over the table for the
 * whole export, whichever filter); PostgreSQL plans each batch itself. Each user comes with
 * the status of their latest enrolment (null for none).
 */
export function readExportBatch(
  db: Kysely<Database>,
  search: UserFilters & Pick<UserSearch, 'q'>,
  cursor: Cursor | undefined,
  size: number,
) {
  let query = matchingUsers(db, search, 'none');
  if (cursor) {
    query = query.where((eb) =>
      eb.and([
        eb('created_at', '<=', cursor.created_at),
        eb.or([eb('created_at', '<', cursor.created_at), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  return query
    .select((eb) => [
      'id',
      'name',
      'email',
      'access',
      'cohort',
      'created_at',
      eb
        .selectFrom('enrolments')
        .select('enrolments.status')
        .whereRef('enrolments.user_id', '=', 'users.id')
        .orderBy('enrolments.created_at', 'desc')
        .orderBy('enrolments.id', 'desc')
        .limit(1)
        .as('enrolment_status'),
      sql<TrackFilter>`case when ${enrolled(true)} then 'fullstack' when ${enrolled(false)} then 'frontend' else 'none' end`.as(
        'track',
      ),
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .execute();
}

type ExportRow = Awaited<ReturnType<typeof readExportBatch>>[number];

function exportRecord(user: ExportRow): string[] {
  return [
    user.name,
    user.email,
    user.access,
    user.cohort,
    user.created_at.slice(0, 10),
    user.enrolment_status ?? '',
    user.track,
  ];
}

/** The search's whole list (every page) as CSV, a keyset batch at a time. */
export function userExportStream(
  db: Kysely<Database>,
  search: UserFilters & Pick<UserSearch, 'q'>,
): ReadableStream<Uint8Array> {
  return keysetCsvStream({
    header: EXPORT_COLUMNS,
    readBatch: (cursor: Cursor | undefined, size: number) =>
      readExportBatch(db, search, cursor, size),
    record: exportRecord,
    cursorOf: (user) => ({ created_at: user.created_at, id: user.id }),
  });
}
