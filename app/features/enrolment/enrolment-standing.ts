import type { LedgerProvider } from './payment-search';

/**
 * Where a student stands with their money (decision 068): what the "Your enrolment" panel of
 * the course home and of `/account` shows, computed by `enrolmentStandingOf`.
 */

/** One installment of the plan; `receipt` names the payment or transfer that paid it. */
export interface Installment {
  number: number;
  /** In minor units of the standing's currency. */
  amount: number;
  /** A month after the first payment per installment; null before anything is paid. */
  dueOn: string | null;
  status: 'paid' | 'refunded' | 'waived' | 'due' | 'overdue';
  settledOn: string | null;
  receipt: { kind: 'payment' | 'transfer'; id: string } | null;
}

/** The installment that is overdue, and when access pauses (or paused, when `paused`). */
export interface OverdueInstallment {
  installment: number;
  of: number;
  amount: number;
  since: string;
  /** Null: it never pauses (OVERDUE_GRACE_DAYS=0 and no admin's day). */
  pausesOn: string | null;
  paused: boolean;
}

export interface EnrolmentStanding {
  planId: string;
  provider: LedgerProvider;
  currency: string;
  /** What the plan costs in all: an installment times their number. */
  total: number;
  /** The installments still due or overdue. */
  left: number;
  installments: Installment[];
  overdue: OverdueInstallment | null;
}
