import { describe, expect, it } from 'vitest';
import { buildTimeline } from './user-timeline';

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
