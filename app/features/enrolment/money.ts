import { formatNaira, formatUsd } from '~/lib/format';

/** Whole minor units (cents, kobo) as people read them: `40000, 'USD'` → `$400`. */
export function formatMinorUnits(amount: number, currency: string): string {
  const major = amount / 100;
  if (currency === 'USD') return formatUsd(major);
  if (currency === 'NGN') return formatNaira(major);
  return `${major.toFixed(2)} ${currency}`;
}
