/** Tuition plans, the Nigerian bank-transfer option and the words of the Enroll page. */

import { formatUsd } from '../lib/format';
import { site } from './site';

export type PlanTheme = 'frontend' | 'fullstack';

export interface Plan {
  readonly id: string;
  readonly theme: PlanTheme;
  readonly name: string;
  readonly descriptions: readonly string[];
  /** Whole US dollars per payment. */
  readonly amount: number;
  /** Whole naira per payment, charged through Paystack and sent by bank transfer in Nigeria. */
  readonly amountNaira: number;
  /** 1 for an upfront payment, 3 for installments. */
  readonly payments: number;
  readonly billing: 'one-time' | 'monthly';
  /** For example 'USD, one-time' or 'USD monthly for the first 3 months'. */
  readonly currencyNote: string;
  /** Saving in US dollars compared with paying in installments. */
  readonly discount: number;
  /** External hosted payment link (absolute https URL), opened in a new tab. */
  readonly paymentLink: string;
}

export interface BankTransfer {
  readonly country: 'Nigeria';
  readonly heading: string;
  readonly bankName: string;
  readonly accountName: string;
  readonly accountNumber: string;
  /** The FrontEnd upfront fee in naira, as the FAQ quotes it: every plan's is in `plans`. */
  readonly amountNaira: number;
  readonly instructions: readonly string[];
}

export interface EnrollPage {
  readonly heading: string;
  readonly intro: string;
  readonly durationNote: string;
  readonly dailyNote: string;
  readonly payLabel: string;
}

const frontendIncludes = [
  'HTML/CSS/SASS, JavaScript and React',
  'Live classes and mentorship sessions',
  'Certificate of completion',
] as const;

const fullstackIncludes = [
  'Everything in the FrontEnd track',
  'NodeJS, Express and MongoDB',
  'Live classes and mentorship sessions',
  'Certificate of completion',
] as const;

export const plans = [
  {
    id: 'fed-upfront',
    theme: 'frontend',
    name: 'FrontEnd Bootcamp Upfront',
    descriptions: [...frontendIncludes, `Save ${formatUsd(50)} by paying once`],
    amount: 400,
    amountNaira: 600_000,
    payments: 1,
    billing: 'one-time',
    currencyNote: 'USD, one-time',
    discount: 50,
    paymentLink: 'https://paystack.com/pay/frontier-fed-upfront',
  },
  {
    id: 'fed-installments',
    theme: 'frontend',
    name: 'FrontEnd Bootcamp in 3 Installments',
    descriptions: [...frontendIncludes, 'Spread the fee over three monthly payments'],
    amount: 150,
    amountNaira: 225_000,
    payments: 3,
    billing: 'monthly',
    currencyNote: 'USD monthly for the first 3 months',
    discount: 0,
    paymentLink: 'https://paystack.com/pay/frontier-fed-installments',
  },
  {
    id: 'fsd-upfront',
    theme: 'fullstack',
    name: 'FullStack Bootcamp Upfront',
    descriptions: [...fullstackIncludes, `Save ${formatUsd(200)} by paying once`],
    amount: 1000,
    amountNaira: 1_500_000,
    payments: 1,
    billing: 'one-time',
    currencyNote: 'USD, one-time',
    discount: 200,
    paymentLink: 'https://paystack.com/pay/frontier-fsd-upfront',
  },
  {
    id: 'fsd-installments',
    theme: 'fullstack',
    name: 'FullStack Bootcamp in 3 Installments',
    descriptions: [...fullstackIncludes, 'Spread the fee over three monthly payments'],
    amount: 400,
    amountNaira: 600_000,
    payments: 3,
    billing: 'monthly',
    currencyNote: 'USD monthly for the first 3 months',
    discount: 0,
    paymentLink: 'https://paystack.com/pay/frontier-fsd-installments',
  },
] as const satisfies readonly Plan[];

export function findPlan(planId: string): Plan | undefined {
  return plans.find((plan) => plan.id === planId);
}

const [fedUpfront, , fsdUpfront] = plans;

/**
 * The FrontEnd student's way to FullStack (decision 069): one payment of the difference
 * between the two upfront prices, in dollars and in naira, so the FrontEnd fee counts in full.
 * Sold only to a FrontEnd student who has paid their course; never listed among `plans`.
 */
export const upgradePlan = {
  id: 'fsd-upgrade',
  theme: 'fullstack',
  name: 'Upgrade to FullStack',
  descriptions: [
    `${formatUsd(fsdUpfront.amount)} for FullStack, less the ${formatUsd(fedUpfront.amount)} of FrontEnd`,
    'NodeJS, Express and MongoDB, after the FrontEnd steps',
    'Your cohort and your progress stay as they are',
  ],
  amount: fsdUpfront.amount - fedUpfront.amount,
  amountNaira: fsdUpfront.amountNaira - fedUpfront.amountNaira,
  payments: 1,
  billing: 'one-time',
  currencyNote: 'USD, one-time',
  discount: 0,
  // Never opened: the upgrade is offered only where a provider makes its order (decision 069).
  paymentLink: 'https://paystack.com/pay/frontier-fsd-upgrade',
} as const satisfies Plan;

/** Any plan an order may be for: one of `plans`, or the upgrade. */
export function findOrderPlan(planId: string): Plan | undefined {
  return planId === upgradePlan.id ? upgradePlan : findPlan(planId);
}

/** The plan id of an enrolment an invitation gave (no plan was bought). */
export const INVITATION_PLAN_ID = 'invitation';

/** A plan's name for receipts and lists; the id itself for a plan since withdrawn. */
/** The plan of an admin's grant of the FullStack track (decision 047): nothing was bought. */
export const FULLSTACK_GRANT_PLAN_ID = 'fullstack-grant';

/** The plan of a FullStack invitation (decision 047). */
export const FULLSTACK_INVITATION_PLAN_ID = 'invitation-fullstack';

export function planName(planId: string): string {
  if (planId === INVITATION_PLAN_ID) return 'FrontEnd course (invited)';
  if (planId === FULLSTACK_INVITATION_PLAN_ID) return 'FullStack course (invited)';
  if (planId === FULLSTACK_GRANT_PLAN_ID) return 'FullStack track (granted)';
  return findOrderPlan(planId)?.name ?? planId;
}

export type PlanCurrency = 'USD' | 'NGN';

/** What one payment of a plan costs in a currency, in minor units (cents, kobo). */
export function planPrice(plan: Plan, currency: PlanCurrency): number {
  return (currency === 'USD' ? plan.amount : plan.amountNaira) * 100;
}

/** What the whole plan costs: amount per payment times the number of payments. */
export function planTotal(plan: Plan): number {
  return plan.amount * plan.payments;
}

const amountNaira = plans[0].amountNaira;

export const bankTransfer = {
  country: 'Nigeria',
  heading: 'Pay by bank transfer in Nigeria',
  bankName: 'Guaranty Trust Bank (GTBank)',
  accountName: 'Frontier Dev Academy Ltd',
  accountNumber: '0691427385',
  amountNaira,
  instructions: [
    'Transfer the naira amount of the plan you choose, listed above, to this account.',
    'Use your full name as the payment reference so we can match the transfer to you.',
    'Then submit the transfer below with its receipt (a photo, a screenshot or the bank’s PDF), signed in with the e-mail address you use for the course.',
    `We confirm your payment and get back to you within ${site.followUpHours} hours.`,
  ],
} as const satisfies BankTransfer;

export const enrollPage = {
  heading: 'Enroll Now',
  intro:
    'Choose the track and the way of paying that suit you. Payment happens on our payment provider’s secure page, which opens in a new tab.',
  durationNote: `${site.duration.minMonths} to ${site.duration.maxMonths} months`,
  dailyNote: `${site.dailyHours.min} to ${site.dailyHours.max} hours daily`,
  payLabel: 'Pay Now',
} as const satisfies EnrollPage;
