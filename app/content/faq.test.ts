import { describe, it, expect } from 'vitest';
import { formatNaira, formatUsd } from '../lib/format';
import { describeFees, faqItems } from './faq';
import { bankTransfer, plans, type Plan } from './plans';
import { site } from './site';

function answerTo(pattern: RegExp): string {
  const item = faqItems.find((i) => pattern.test(i.title));
  if (!item) throw new Error(`no FAQ item matches ${String(pattern)}`);
  return item.answer;
}

describe('faqItems', () => {
  it('has exactly ten items with ids 1 to 10', () => {
    expect(faqItems).toHaveLength(10);
    expect(faqItems.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(faqItems.map((i) => i.id)).size).toBe(10);
  });

  it('has non-empty titles and answers, with unique titles', () => {
    for (const item of faqItems) {
      expect(item.title.trim()).not.toBe('');
      expect(item.answer.trim()).not.toBe('');
    }
    expect(new Set(faqItems.map((i) => i.title)).size).toBe(10);
  });

  it('contains no placeholder text', () => {
    const all = faqItems.map((i) => `${i.title} ${i.answer}`).join(' ');
    expect(all).not.toMatch(/lorem|ipsum|TBD|TODO|undefined|NaN|\[object/i);
  });

  it('takes the fee answer from describeFees(plans, bankTransfer)', () => {
    const fees = answerTo(/cost/i);
    expect(fees).toBe(describeFees(plans, bankTransfer));
    for (const p of plans) expect(fees).toContain(formatUsd(p.amount));
    expect(fees).toContain(formatNaira(bankTransfer.amountNaira));
  });

  it('takes age, duration, daily time and pay from the site facts', () => {
    expect(answerTo(/minimum age/i)).toContain(`aged ${site.minimumAge} or older`);
    expect(answerTo(/how long/i)).toContain(
      `${site.duration.minMonths} to ${site.duration.maxMonths} months`,
    );
    expect(answerTo(/hours a day/i)).toContain(
      `${site.dailyHours.min} to ${site.dailyHours.max} hours a day`,
    );
    const pay = answerTo(/what can i earn/i);
    expect(pay).toContain(formatUsd(site.juniorPay.min));
    expect(pay).toContain(formatUsd(site.juniorPay.max));
  });

  it('explains paying in naira by bank transfer in Nigeria', () => {
    const pay = answerTo(/how do i pay/i);
    expect(pay).toContain('Nigeria');
    expect(pay).toContain('naira');
    expect(pay).toContain(formatNaira(bankTransfer.amountNaira));
    expect(pay).toContain(`${site.followUpHours} hours`);
  });

  it('says no one needs to quit their job', () => {
    expect(answerTo(/quit my job/i)).toMatch(/^No\./);
  });
});

describe('describeFees', () => {
  it('lists every plan with its formatted amount, saving and total', () => {
    const text = describeFees(plans, bankTransfer);
    expect(text).toContain('$400 paid once, saving you $50');
    expect(text).toContain('$150 a month for 3 months ($450 in total)');
    expect(text).toContain('$1,000 paid once, saving you $200');
    expect(text).toContain('$400 a month for 3 months ($1,200 in total)');
    expect(text).toContain('₦600,000');
  });

  it('follows a change of plan amount', () => {
    const changed: Plan[] = plans.map((p) => (p.id === 'fsd-upfront' ? { ...p, amount: 1234 } : p));
    const text = describeFees(changed, bankTransfer);
    expect(text).toContain('$1,234');
    expect(text).not.toContain('$1,000');
    expect(text).not.toBe(describeFees(plans, bankTransfer));
  });

  it('follows a change of the naira amount', () => {
    const text = describeFees(plans, { ...bankTransfer, amountNaira: 750000 });
    expect(text).toContain('₦750,000');
    expect(text).not.toContain(formatNaira(bankTransfer.amountNaira));
  });
});
