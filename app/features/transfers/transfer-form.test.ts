import { describe, expect, it } from 'vitest';
import { transferMismatch } from './transfer-form';

describe('a transfer’s amount against its plan', () => {
  it('says how much is short of what the plan expects', () => {
    expect(transferMismatch(200_000, 225_000)).toBe('₦25,000 short of the ₦225,000 expected');
  });

  it('says how much more was sent', () => {
    expect(transferMismatch(605_000, 600_000)).toBe('₦5,000 more than the ₦600,000 expected');
  });

  it('says nothing when the amount matches', () => {
    expect(transferMismatch(225_000, 225_000)).toBeNull();
  });
});
