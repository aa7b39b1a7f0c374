import { describe, it, expect } from 'vitest';
import { successPage } from './success';

describe('successPage', () => {
  it('says the payment was successful and we get back within 24hrs', () => {
    expect(successPage.heading).toBe('Payment Successful');
    expect(successPage.message).toMatch(/payment was successful/i);
    expect(successPage.message).toContain('within 24hrs');
    expect(successPage.homeLabel).toBe('Back To Home');
    expect(successPage.nextSteps.length).toBeGreaterThan(0);
  });
});
