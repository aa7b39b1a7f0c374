import { describe, expect, it } from 'vitest';
import { buildTimeline, type TimelineSources } from './user-timeline';

describe('a person’s history', () => {
  it('puts every kind of event in one list, newest first', () => {
    const timeline = buildTimeline({
      user: { created_at: '2026-11-01T09:00:00.000Z' },
      changes: [
        {
          id: 'c1',
          user_id: 'u1',
          changed_by: 'a1',
          changed_by_name: 'Ada Admin (invitation)',
          changed_at: '2026-11-01T09:00:01.000Z',
          access_before: 'none',
          access_after: 'level-1',
          cohort_before: 'none',
          cohort_after: 'cohort-1',
          reason: null,
        },
        {
          id: 'c2',
          user_id: 'u1',
          changed_by: 'a1',
          changed_by_name: 'Ada Admin',
          changed_at: '2026-11-06T09:00:00.000Z',
          access_before: 'level-1',
          access_after: 'none',
          cohort_before: 'cohort-1',
          cohort_after: 'cohort-1',
          reason: 'Chargeback opened by the bank',
        },
      ],
      emails: [
        {
          subject: 'Welcome to Frontier Dev Academy',
          status: 'sent',
          created_at: '2026-11-01T09:00:00.000Z',
          sent_at: '2026-11-01T09:00:05.000Z',
        },
      ],
      purchases: {
        enrolments: [
          { plan_id: 'invitation', source: 'invitation', created_at: '2026-11-01T09:00:01.000Z' },
        ],
        payments: [
          {
            provider: 'stripe',
            amount: 40_000,
            currency: 'USD',
            status: 'refunded',
            created_at: '2026-11-03T10:00:00.000Z',
            refunded_at: '2026-11-04T10:00:00.000Z',
          },
        ],
      },
      invitations: [
        {
          invited_by_name: 'Ada Admin',
          access: 'level-1',
          cohort: 'cohort-1',
          created_at: '2026-10-30T08:00:00.000Z',
          used_at: '2026-11-01T09:00:01.000Z',
        },
      ],
      transfers: [
        {
          plan_id: 'fed-upfront',
          amount: 60_000_000,
          currency: 'NGN',
          status: 'rejected',
          reason: 'No such transfer reached us.',
          decided_by_name: 'Bo Admin',
          created_at: '2026-11-02T10:00:00.000Z',
          decided_at: '2026-11-02T12:00:00.000Z',
        },
      ],
    });
    expect(timeline.map((entry) => `${entry.kind}: ${entry.text}`)).toEqual([
      'change: Ada Admin set access level-1 → none, cohort cohort-1 → cohort-1. Reason: Chargeback opened by the bank',
      'payment: Payment of $400 refunded',
      'payment: Payment of $400 through stripe',
      'transfer: Bank transfer of ₦600,000 rejected by Bo Admin: No such transfer reached us.',
      'transfer: Bank transfer of ₦600,000 for FrontEnd Bootcamp Upfront submitted',
      'email: E-mail “Welcome to Frontier Dev Academy”: sent',
      'change: Ada Admin (invitation) set access none → level-1, cohort none → cohort-1',
      'invitation: Invitation taken up',
      'enrolment: Enrolled in FrontEnd course (invited) (by invitation)',
      'account: Account created at the first sign-in',
      'invitation: Invited by Ada Admin: access Level 1 - FED, cohort cohort-1',
    ]);
  });
});

/** A person with nothing but their account: each test adds the part it is about. */
const noHistory: TimelineSources = {
  user: { created_at: '2026-09-01T09:00:00.000Z' },
  changes: [],
  emails: [],
  purchases: { enrolments: [], payments: [] },
  invitations: [],
  transfers: [],
};

describe('certificates in a person’s history', () => {
  it('shows who issued one (with the note of an early one) and who revoked it, and why', () => {
    const timeline = buildTimeline({
      ...noHistory,
      certificates: [
        {
          name: 'Ada Obi',
          issued_at: '2026-12-01T10:00:00.000Z',
          issued_by_name: 'Bo Admin',
          note: 'Finished the React project in class.',
          revoked_at: '2026-12-02T10:00:00.000Z',
          revoked_by_name: 'Cy Admin',
          revoked_reason: 'Issued to the wrong spelling of her name.',
        },
        {
          name: 'Ada N. Obi',
          issued_at: '2026-12-03T10:00:00.000Z',
          issued_by_name: 'Cy Admin',
          note: null,
          revoked_at: null,
          revoked_by_name: null,
          revoked_reason: null,
        },
      ],
    });
    expect(timeline.map((entry) => `${entry.kind}: ${entry.text}`)).toEqual([
      'certificate: Certificate issued by Cy Admin to “Ada N. Obi”',
      'certificate: Certificate revoked by Cy Admin: Issued to the wrong spelling of her name.',
      'certificate: Certificate issued by Bo Admin to “Ada Obi” before every step was complete. Note: Finished the React project in class.',
      'account: Account created at the first sign-in',
    ]);
  });
});

describe('discount codes in a person’s history', () => {
  it('names the code and what it took off beside the payment, and a scholarship by its source', () => {
    const timeline = buildTimeline({
      ...noHistory,
      purchases: {
        enrolments: [
          { plan_id: 'fsd-upfront', source: 'scholarship', created_at: '2026-11-05T10:00:00.000Z' },
        ],
        payments: [
          {
            provider: 'local',
            amount: 32_000,
            currency: 'USD',
            status: 'paid',
            created_at: '2026-11-03T10:00:00.000Z',
            refunded_at: null,
            discount: 'LAGOS20 ($80 off)',
          },
        ],
      },
    });
    expect(timeline.map((entry) => entry.text).slice(0, 2)).toEqual([
      'Enrolled in FullStack Bootcamp Upfront (by scholarship)',
      'Payment of $320 through local with code LAGOS20 ($80 off)',
    ]);
  });
});

describe('an overdue installment in a person’s history', () => {
  it('names who extended the grace period or waived an installment, what and why', () => {
    const timeline = buildTimeline({
      ...noHistory,
      enrolmentChanges: [
        {
          action: 'grace-extended',
          detail: 'Pause moved to 10 December 2026',
          reason: 'Paid day is the 9th',
          changed_by_name: 'Bo Admin',
          changed_at: '2026-11-20T10:00:00.000Z',
        },
        {
          action: 'installment-waived',
          detail: 'Installment 2 of 3 waived',
          reason: 'Hardship',
          changed_by_name: 'Cy Admin',
          changed_at: '2026-11-22T10:00:00.000Z',
        },
      ],
    });
    expect(timeline.map((entry) => `${entry.kind}: ${entry.text}`).slice(0, 2)).toEqual([
      'enrolment: Cy Admin waived an installment: Installment 2 of 3 waived. Reason: Hardship',
      'enrolment: Bo Admin extended the grace period: Pause moved to 10 December 2026. Reason: Paid day is the 9th',
    ]);
  });
});
