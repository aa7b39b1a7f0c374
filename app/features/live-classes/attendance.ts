/**
 * Attendance as people read it (client-safe): the class pages, a user's admin page and the
 * mentors' rosters all say a rate the same way.
 */

/** How many of the classes that count someone attended (or how many attended one class). */
export interface AttendanceRate {
  attended: number;
  of: number;
  /** Rounded to a whole percent. */
  percent: number;
}

/** The rate of `attended` out of `of`; null when nothing counts yet (no class, no student). */
export function attendanceRate(attended: number, of: number): AttendanceRate | null {
  if (of === 0) return null;
  return { attended, of, percent: Math.round((attended / of) * 100) };
}

/** "7 of 10 attended, 70 %". */
export function formatAttendanceRate(rate: AttendanceRate): string {
  return `${rate.attended} of ${rate.of} attended, ${rate.percent} %`;
}

/**
 * Where a student stands for one class: a mark by hand wins over the join record; without
 * either they are absent once the class has started and "not joined yet" before.
 */
export type AttendanceStatus = 'present' | 'absent' | 'joined' | 'not-joined';

export function attendanceStatus(
  row: { mark: 'present' | 'absent' | null; firstJoinedAt: string | null },
  started: boolean,
): AttendanceStatus {
  if (row.mark) return row.mark;
  if (row.firstJoinedAt) return 'joined';
  return started ? 'absent' : 'not-joined';
}

/** Whether a status counts as attended in a rate. */
export const attended = (status: AttendanceStatus) => status === 'present' || status === 'joined';

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  joined: 'Joined',
  'not-joined': 'Not joined yet',
};
