import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import type { UserSearch } from './user-search';
import { matchingUsers } from './user-search.server';

/** Users read per query: a batch is written out before the next is read. */
export const EXPORT_BATCH_SIZE = 1_000;

export const EXPORT_COLUMNS = [
  'name',
  'email',
  'access',
  'cohort',
  'joined',
  'enrolment status',
] as const;

/**
 * A cell a spreadsheet would read as a formula (or, for a tab or carriage return, shift
 * into one) starts with one of these; such a value gets a `'` in front, which makes
 * Excel, LibreOffice and Google Sheets show it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 has it. */
export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * The UTF-8 byte order mark, first in the file: without it Excel decodes the CSV in the
 * system's legacy code page ("Zoë" comes out as "ZoÃ«"). Python's `utf-8-sig` and pandas
 * drop it, so the first column is still called `name` there.
 */
export const UTF8_BOM = '\uFEFF';

/** `users-2026-11-22.csv`: the day of the export (UTC). */
export function exportFileName(now: Date = new Date()): string {
  return `users-${now.toISOString().slice(0, 10)}.csv`;
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
  search: Pick<UserSearch, 'q' | 'access' | 'cohort' | 'progress'>,
  cursor: Cursor | undefined,
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
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(EXPORT_BATCH_SIZE)
    .execute();
}

type ExportRow = Awaited<ReturnType<typeof readExportBatch>>[number];

function exportRecord(user: ExportRow): string {
  return csvRecord([
    user.name,
    user.email,
    user.access,
    user.cohort,
    user.created_at.slice(0, 10),
    user.enrolment_status ?? '',
  ]);
}

/**
 * The search's whole list (every page) as CSV, read and written a batch at a time: the
 * stream asks for the next batch only when the last one has been taken (the server writes
 * it out as the connection allows), so memory holds about one batch whatever the list's
 * size, and a client that goes away stops the reading.
 */
export function userExportStream(
  db: Kysely<Database>,
  search: Pick<UserSearch, 'q' | 'access' | 'cohort' | 'progress'>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | undefined;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(UTF8_BOM + csvRecord(EXPORT_COLUMNS)));
    },
    async pull(controller) {
      const users = await readExportBatch(db, search, cursor);
      if (cancelled) return;
      if (users.length > 0) controller.enqueue(encoder.encode(users.map(exportRecord).join('')));
      const last = users.at(-1);
      if (users.length < EXPORT_BATCH_SIZE || !last) controller.close();
      else cursor = { created_at: last.created_at, id: last.id };
    },
    cancel() {
      cancelled = true;
    },
  });
}
