/**
 * Live-class times (client-safe): classes are entered as a wall time in the academy's time
 * zone, stored in UTC, and shown in a zone: the academy's in the server's HTML, the viewer's
 * once the browser has hydrated the page.
 */

import { plural } from '~/lib/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How early the join page lets people in before the start. */
export const JOIN_OPENS_MINUTES_BEFORE = 15;

/**
 * One formatter per use and zone, made on first use: building an Intl.DateTimeFormat costs
 * far more than formatting with one.
 */
function formatterCache(locale: string, options: Intl.DateTimeFormatOptions) {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (zone: string): Intl.DateTimeFormat => {
    let format = formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
      formats.set(zone, format);
    }
    return format;
  };
}

const numericParts = formatterCache('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The zone's offset from UTC at `instant`, in milliseconds (+1 h for Lagos). */
function zoneOffsetMs(instant: number, zone: string): number {
  const format = numericParts(zone);
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * `2026-12-01` at `18:00` in `Africa/Lagos` → the UTC instant. Undefined for a date or
 * time that is not one, and for a wall time the zone skips (a daylight-saving gap).
 */
export function wallTimeToUtc(date: string, time: string, zone: string): Date | undefined {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return undefined;
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hour, minute] = timeMatch.slice(1).map(Number) as [number, number];
  if (hour > 23 || minute > 59) return undefined;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  // Twice: the offset at the first guess may differ from the offset at the answer.
  let instant = asUtc - zoneOffsetMs(asUtc, zone);
  instant = asUtc - zoneOffsetMs(instant, zone);
  const back = wallTimeIn(new Date(instant).toISOString(), zone);
  return back.date === date && back.time === time ? new Date(instant) : undefined;
}

/** A stored instant as the wall date and time in `zone`: what the edit form shows. */
export function wallTimeIn(timestamp: string, zone: string): { date: string; time: string } {
  const instant = Date.parse(timestamp);
  const local = new Date(instant + zoneOffsetMs(instant, zone));
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

const displayFormat = formatterCache('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** `Tue, 1 Dec 2026, 18:00 GMT+1`: a class's start for people, in `zone`. */
export function formatClassTime(timestamp: string, zone: string): string {
  return displayFormat(zone).format(new Date(timestamp));
}

/** When a class ends: its start plus its length. */
export function classEnd(session: { starts_at: string; duration_minutes: number }): Date {
  return new Date(Date.parse(session.starts_at) + session.duration_minutes * MINUTE);
}

export type JoinWindow = 'cancelled' | 'not-yet' | 'open' | 'ended';

/** The instant the join page starts letting people in: 15 minutes before the start. */
export function joinOpensAt(startsAt: string): number {
  return Date.parse(startsAt) - JOIN_OPENS_MINUTES_BEFORE * MINUTE;
}

const opensFormat = formatterCache('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** `Opens Tue 19 Jan, 18:45`: when a class's Join becomes a link, in `zone`. */
export function formatJoinOpens(startsAt: string, zone: string): string {
  return `Opens ${opensFormat(zone).format(new Date(joinOpensAt(startsAt)))}`;
}

/**
 * The waiting page's countdown to the join window: `2 days 3 hours`, `1 hour 5 minutes`,
 * `4:09` in the last hour (minutes and seconds).
 */
export function countdownTo(opensAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((opensAt - now) / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0)
    return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0)
    return minutes > 0
      ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`
      : plural(hours, 'hour');
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Where `now` stands for the join page: open from 15 minutes before the start to the end. */
export function joinWindow(
  session: { starts_at: string; duration_minutes: number; status: string },
  now: Date,
): JoinWindow {
  if (session.status === 'cancelled') return 'cancelled';
  if (now.getTime() < joinOpensAt(session.starts_at)) return 'not-yet';
  return now.getTime() < classEnd(session).getTime() ? 'open' : 'ended';
}

/** `1 minute`, `3 days`. */

/** "Live now", "Starts in 2 hours", "Starts in 3 days", or "Ended" for a class. */
export function startsIn(
  session: { starts_at: string; duration_minutes: number },
  now: Date,
): string {
  const until = Date.parse(session.starts_at) - now.getTime();
  if (until <= 0) return now < classEnd(session) ? 'Live now' : 'Ended';
  if (until < HOUR) return `Starts in ${plural(Math.max(1, Math.round(until / MINUTE)), 'minute')}`;
  if (until < 48 * HOUR) return `Starts in ${plural(Math.round(until / HOUR), 'hour')}`;
  return `Starts in ${plural(Math.round(until / (24 * HOUR)), 'day')}`;
}
