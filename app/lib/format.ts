/**
 * Money formatting for the public site: pure functions with en-US conventions (`,` between
 * thousands, `.` before cents), so the server-rendered HTML and the hydrated client always
 * print the same text. Written out rather than built on Intl.NumberFormat: constructing
 * those formatters when the public pages' modules load cost ~50 ms of a phone's main thread
 * before hydration, for three fixed formats.
 */

function assertFinite(amount: number): void {
  if (!Number.isFinite(amount)) {
    throw new RangeError(`Cannot format a non-finite amount: ${String(amount)}`);
  }
}

/** `1234567.5` with at most `maxFraction` decimals (at least `minFraction`) → `1,234,567.5`. */
function formatUnsigned(amount: number, minFraction: number, maxFraction: number): string {
  const [whole = '0', decimals = ''] = Math.abs(amount).toFixed(maxFraction).split('.');
  const fraction = decimals.replace(/0+$/, '').padEnd(minFraction, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

function sign(amount: number): string {
  return amount < 0 ? '-' : '';
}

/** US dollars: `formatUsd(400)` → `'$400'`, `formatUsd(1000)` → `'$1,000'`, `formatUsd(12.5)` → `'$12.50'`. */
export function formatUsd(amount: number): string {
  assertFinite(amount);
  const cents = Number.isInteger(amount) ? 0 : 2;
  return `${sign(amount)}$${formatUnsigned(amount, cents, cents)}`;
}

/** Nigerian naira: `formatNaira(600000)` → `'₦600,000'`. */
export function formatNaira(amount: number): string {
  assertFinite(amount);
  return `${sign(amount)}₦${formatUnsigned(amount, 0, 2)}`;
}

/**
 * One Intl.DateTimeFormat per style, made on first use: building one costs a phone ~15 ms of
 * main thread (its locale and time-zone data), and this module is loaded by every public page,
 * which formats money but no dates.
 */
function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }));
}

const dateTimeFormat = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** A stored timestamp for people: `22 Nov 2026, 10:00 UTC` (the same on server and client). */
export function formatDateTimeUtc(timestamp: string): string {
  return `${dateTimeFormat().format(new Date(timestamp))} UTC`;
}

const dayFormats = {
  medium: lazyDateFormat({ dateStyle: 'medium' }),
  long: lazyDateFormat({ dateStyle: 'long' }),
};

/**
 * A stored timestamp's or date's day (UTC): `26 Nov 2026`, or `26 November 2026` when `long`.
 * A bare date (`2026-11-26`) is that day.
 */
export function formatDayUtc(value: string, style: keyof typeof dayFormats = 'medium'): string {
  return dayFormats[style]().format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));
}

/** Whole minor units (cents, kobo) as people read them: `40000, 'USD'` → `$400`. */
export function formatMinorUnits(amount: number, currency: string): string {
  const major = amount / 100;
  if (currency === 'USD') return formatUsd(major);
  if (currency === 'NGN') return formatNaira(major);
  return `${major.toFixed(2)} ${currency}`;
}

/** A count with its noun, singular for one: `1 day`, `3 days`, `2 existing accounts`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
