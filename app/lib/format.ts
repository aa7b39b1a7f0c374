/**
 * Money formatting for the public site. Pure functions, locale fixed to en-US so the
 * server-rendered HTML and the hydrated client always print the same text.
 */

const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const centsUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const nairaNumber = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

function assertFinite(amount: number): void {
  if (!Number.isFinite(amount)) {
    throw new RangeError(`Cannot format a non-finite amount: ${String(amount)}`);
  }
}

/** US dollars: `formatUsd(400)` → `'$400'`, `formatUsd(1000)` → `'$1,000'`, `formatUsd(12.5)` → `'$12.50'`. */
export function formatUsd(amount: number): string {
  assertFinite(amount);
  return (Number.isInteger(amount) ? wholeUsd : centsUsd).format(amount);
}

/** Nigerian naira: `formatNaira(600000)` → `'₦600,000'`. */
export function formatNaira(amount: number): string {
  assertFinite(amount);
  const sign = amount < 0 ? '-' : '';
  return `${sign}₦${nairaNumber.format(Math.abs(amount))}`;
}
