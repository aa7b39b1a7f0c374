import { utcDay } from '~/lib/days';

/** Rows read per query: a batch is written out before the next is read. */
export const EXPORT_BATCH_SIZE = 1_000;

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
 * drop it, so the first column keeps its name there.
 */
export const UTF8_BOM = '\uFEFF';

/** `users-2026-11-22.csv`: what is exported and the day of the export (UTC). */
export function datedFileName(name: string, now: Date = new Date()): string {
  return `${name}-${utcDay(now)}.csv`;
}

/**
 * A whole list as CSV, read and written a keyset batch at a time: the stream asks for the
 * next batch (the rows after the last one's cursor) only when the last one has been taken
 * (the server writes it out as the connection allows), so memory holds about one batch
 * whatever the list's size, and a client that goes away stops the reading.
 */
export function keysetCsvStream<Row, Cursor>({
  header,
  readBatch,
  record,
  cursorOf,
  batchSize = EXPORT_BATCH_SIZE,
}: {
  header: readonly string[];
  /** At most `size` rows after `cursor` (from the start without one), in the list's order. */
  readBatch: (cursor: Cursor | undefined, size: number) => Promise<Row[]>;
  record: (row: Row) => readonly string[];
  cursorOf: (row: Row) => Cursor;
  batchSize?: number;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | undefined;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(UTF8_BOM + csvRecord(header)));
    },
    async pull(controller) {
      const rows = await readBatch(cursor, batchSize);
      if (cancelled) return;
      if (rows.length > 0) {
        controller.enqueue(encoder.encode(rows.map((row) => csvRecord(record(row))).join('')));
      }
      const last = rows.at(-1);
      if (rows.length < batchSize || last === undefined) controller.close();
      else cursor = cursorOf(last);
    },
    cancel() {
      cancelled = true;
    },
  });
}
