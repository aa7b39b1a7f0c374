/**
 * Days as the site counts them: in UTC, the zone of every stored timestamp and of every date
 * it shows (client-safe).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, `YYYY-MM-DD`: today's by default. */
export function utcDay(instant: Date = new Date()): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * `YYYY-MM-DD` naming a day on the calendar (`2026-02-30` and `2026-13-01` are none), read at
 * 00:00 UTC.
 */
export function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(time) && utcDay(new Date(time)) === day;
}
