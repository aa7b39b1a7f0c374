import { describe, it, expect } from 'vitest';
import { formatNaira, formatUsd } from './format';

describe('formatUsd', () => {
  it('formats whole dollars without cents and with thousands separators', () => {
    expect(formatUsd(400)).toBe('$400');
    expect(formatUsd(1000)).toBe('$1,000');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(50000)).toBe('$50,000');
  });

  it('keeps cents when the amount is not whole', () => {
    expect(formatUsd(12.5)).toBe('$12.50');
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

  it('puts the minus sign before the ₦ sign', () => {
    expect(formatNaira(-2500)).toBe('-₦2,500');
  });

  it('refuses non-finite amounts', () => {
    expect(() => formatNaira(Number.NaN)).toThrow(RangeError);
  });
});
