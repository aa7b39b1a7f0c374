import { describe, it, expect } from 'vitest';
import { formatUsd } from '../lib/format';
import { bankTransfer, planTotal, plans, type Plan } from './plans';

function plan(id: string): Plan {
  const found = plans.find((p) => p.id === id);
  if (!found) throw new Error(`missing plan ${id}`);
  return found;
}

describe('plans (SPEC §9)', () => {
  it('lists exactly the four plans in order', () => {
    expect(plans.map((p) => p.id)).toEqual([
      'fed-upfront',
      'fed-installments',
      'fsd-upfront',
      'fsd-installments',
    ]);
    expect(new Set(plans.map((p) => p.id)).size).toBe(plans.length);
  });

  it('has currency notes matching the billing', () => {
    for (const p of plans) {
      expect(p.currencyNote).toBe(
        p.billing === 'one-time'
          ? 'USD, one-time'
          : `USD monthly for the first ${p.payments} months`,
      );
    }
  });

  it('uses absolute https payment links, one per plan', () => {
    for (const p of plans) {
      const url = new URL(p.paymentLink);
      expect(url.protocol).toBe('https:');
      expect(url.href).toBe(p.paymentLink);
    }
    expect(new Set(plans.map((p) => p.paymentLink)).size).toBe(plans.length);
  });

  it('has non-empty names and descriptions, and states each saving', () => {
    for (const p of plans) {
      expect(p.name.trim()).not.toBe('');
      expect(p.descriptions.length).toBeGreaterThan(0);
      for (const d of p.descriptions) expect(d.trim()).not.toBe('');
      if (p.discount > 0) {
        expect(p.descriptions.join(' ')).toContain(formatUsd(p.discount));
      }
    }
  });

  it('gives a discount equal to what paying upfront saves over installments', () => {
    expect(planTotal(plan('fed-installments')) - planTotal(plan('fed-upfront'))).toBe(
      plan('fed-upfront').discount,
    );
    expect(planTotal(plan('fsd-installments')) - planTotal(plan('fsd-upfront'))).toBe(
      plan('fsd-upfront').discount,
    );
  });
});

describe('planTotal', () => {
  it('multiplies the amount by the number of payments', () => {
    expect(planTotal(plan('fed-upfront'))).toBe(400);
    expect(planTotal(plan('fed-installments'))).toBe(450);
    expect(planTotal(plan('fsd-upfront'))).toBe(1000);
    expect(planTotal(plan('fsd-installments'))).toBe(1200);
  });
});

describe('bankTransfer', () => {
  it('is the Nigerian option with full account details', () => {
    expect(bankTransfer.country).toBe('Nigeria');
    expect(bankTransfer.bankName.trim()).not.toBe('');
    expect(bankTransfer.accountName.trim()).not.toBe('');
    expect(bankTransfer.accountNumber).toMatch(/^\d{10}$/);
    expect(Number.isInteger(bankTransfer.amountNaira)).toBe(true);
    expect(bankTransfer.amountNaira).toBeGreaterThan(0);
  });

  it('instructions send to the plan’s amount, and state the reference, the receipt and the follow-up', () => {
    const text = bankTransfer.instructions.join(' ');
    // Every plan has its own naira amount (the box lists them): no sentence names one fee.
    expect(text).not.toContain('₦');
    expect(text).toMatch(/amount of the plan you choose/);
    expect(text).toMatch(/full name/);
    expect(text).toMatch(/receipt/);
    expect(text).toContain('24 hours');
  });
});
