import type { LiveSession } from '~/db/schema';
import { csvRecord, UTF8_BOM } from '~/features/admin/csv-export.server';
import { ATTENDANCE_LABELS } from './attendance';
import type { AttendanceRow } from './attendance.server';

/** The columns of a class's attendance export; times in UTC (ISO 8601), as stored. */
export const ATTENDANCE_CSV_HEADER = [
  'Class',
  'Starts (UTC)',
  'Student',
  'User ID',
  'Attendance',
  'First joined (UTC)',
  'Marked by',
  'Marked at (UTC)',
] as const;

/**
 * A class's attendance view as CSV, like the users list's export (RFC 4180, formula-safe,
 * UTF-8 with its mark). One class's students fit in memory: no batches.
 */
export function attendanceCsv(session: LiveSession, rows: readonly AttendanceRow[]) {
  const records = rows.map((row) =>
    csvRecord([
      session.title,
      session.starts_at,
      row.name,
      row.userId,
      ATTENDANCE_LABELS[row.status],
      row.firstJoinedAt ?? '',
      row.markedByName ?? '',
      row.markedAt ?? '',
    ]),
  );
  return new Blob([UTF8_BOM, csvRecord(ATTENDANCE_CSV_HEADER), ...records]).stream();
}
