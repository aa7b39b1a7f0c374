import { describe, it, expect } from 'vitest';
import { formatNaira, formatUsd, plural } from './format';

describe('formatUsd', () => {
  it('formats whole dollars without cents and with thousands separators', () => {
    expect(formatUsd(400)).toBe('$400');
    expect(formatUsd(1000)).toBe('$1,000');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(50000)).toBe('$50,000');
  });

  it('keeps cents when the amount is not whole', () => {
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
    expect(formatUsd(-50)).toBe('-$50');
  });

  it('prints what en-US Intl.NumberFormat prints', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const whole = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    for (const amount of [0, 7, 99, 100, 999, 1000, 12345, 999999, 1000000, -400]) {
      expect(formatUsd(amount)).toBe(whole.format(amount));
    }
    for (const amount of [0.5, 12.34, 1000.1, 123456.78]) {
      expect(formatUsd(amount)).toBe(intl.format(amount));
    }
  });

  it('refuses non-finite amounts', () => {
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
    expect(() => formatUsd(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatNaira', () => {
  it('formats naira with the ₦ sign and thousands separators', () => {
    expect(formatNaira(600000)).toBe('₦600,000');
    expect(formatNaira(150000)).toBe('₦150,000');
    expect(formatNaira(0)).toBe('₦0');
  });

  it('keeps up to two decimals, without trailing zeros', () => {
    expect(formatNaira(1500.5)).toBe('₦1,500.5');
    expect(formatNaira(1500.256)).toBe('₦1,500.26');
    expect(formatNaira(1500.001)).toBe('₦1,500');
  });

  it('puts the minus sign before the ₦ sign', () => {
    expect(formatNaira(-2500)).toBe('-₦2,500');
  });

  it('refuses non-finite amounts', () => {
    expect(() => formatNaira(Number.NaN)).toThrow(RangeError);
  });
});

describe('plural', () => {
  it.each([
    [1, 'day', undefined, '1 day'],
    [0, 'day', undefined, '0 days'],
    [3, 'hour', undefined, '3 hours'],
    [2, 'existing account', 'existing accounts', '2 existing accounts'],
    [1, 'bank transfer', 'bank transfers', '1 bank transfer'],
  ])('%i %s → %j', (count, one, many, expected) => {
    expect(plural(count, one, many)).toBe(expected);
  });
});
