import type { Plan, PlanCurrency } from '~/content/plans';
import type { RequestContext } from '~/load-context';
import { consumeCodeAttempt } from './code-attempts.server';
import { CODE_REFUSALS, CODE_SIGN_IN, tooManyCodes, type CodeAnswer } from './discount-form';
import { checkCode, quoteOf, type CodeCheck } from './discounts.server';

/** A code applied to a plan: the answer, the status and headers it is sent with, the check. */
export type CodeApplied = { init: { status: number; headers?: Record<string, string> } } & (
  | {
      answer: Extract<CodeAnswer, { quote: object }>;
      /** The code accepted: what Pay discounts by. */
      accepted: Extract<CodeCheck, { ok: true }>;
    }
  | { answer: Extract<CodeAnswer, { error: string }>; accepted?: undefined }
);

/**
 * A code applied to a plan ("Have a code?" on /enroll, a code carried to /checkout, Pay with
 * one), as decision 062 has it: a visitor is asked to sign in and told nothing about the
 * code; a signed-in person's try counts against the limits per person and per address (429
 * with Retry-After past either); then the code is checked, with one sentence for every
 * refusal but a used-up code.
 */
export async function applyCode(
  context: RequestContext,
  plan: Plan,
  typed: string,
  currency: PlanCurrency,
): Promise<CodeApplied> {
  const typedFor = { codeFor: plan.id, typed };
  const { user } = await context.session();
  if (!user) {
    return { answer: { ...typedFor, error: CODE_SIGN_IN, signIn: true }, init: { status: 401 } };
  }
  const { env, db } = context;
  const limit = await consumeCodeAttempt(
    db,
    { userId: user.id, address: context.clientAddress },
    { perPerson: env.DISCOUNT_CODE_RATE_LIMIT, perAddress: env.DISCOUNT_CODE_ADDRESS_RATE_LIMIT },
  );
  if (!limit.allowed) {
    context.log.warn(
      {
        event: 'rate-limited',
        route: 'discount-code',
        userId: user.id,
        client: context.clientAddress,
      },
      'security',
    );
    return {
      answer: { ...typedFor, error: tooManyCodes(limit.retryAfterSeconds) },
      init: { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    };
  }
  const check = await checkCode(db, typed, plan, currency, new Date(), user.id);
  if (!check.ok) {
    return { answer: { ...typedFor, error: CODE_REFUSALS[check.refusal] }, init: { status: 400 } };
  }
  return {
    answer: { ...typedFor, quote: quoteOf(check, plan, currency) },
    init: { status: 200 },
    accepted: check,
  };
}
