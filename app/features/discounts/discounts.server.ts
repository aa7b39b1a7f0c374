import { randomInt, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { planName, planPrice, plans, type Plan, type PlanCurrency } from '~/content/plans';
import { nowTimestamp, type Database, type DiscountCodeRow } from '~/db/schema';
import { isUniqueViolation } from '~/db/database.server';
import { formatDayUtc, formatMinorUnits, formatUsd } from '~/lib/format';
import { refusal, type Refusal, type Result } from '~/lib/refusal';
import {
  CODE_ALPHABET,
  CODE_PATTERN,
  normaliseCode,
  SUGGESTED_CODE_LENGTH,
  type CodeQuote,
  type CodeRefusal,
  type CodeState,
  type DiscountListed,
} from './discount-form';

export interface NewDiscountCode {
  code: string;
  percentOff: number | null;
  /** Whole US dollars off each payment. */
  amountOff: number | null;
  planIds: string[];
  maxUses: number | null;
  /** The last day (UTC) it is accepted, `2026-12-31`. */
  expiresOn: string | null;
  note: string | null;
}

/**
 * A code for the admin form to offer (decision 062): random characters of the alphabet
 * without look-alikes, drawn with the operating system's cryptographic randomness.
 */
export function suggestDiscountCode(): string {
  return Array.from(
    { length: SUGGESTED_CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

/** Creates a code; refused as `codeTaken` when one of the same letters (any case) exists. */
export async function createDiscountCode(
  db: Kysely<Database>,
  input: NewDiscountCode,
  admin: { id: string; name: string },
  now: Date = new Date(),
): Promise<Result<{ discountCode: DiscountCodeRow }, Refusal<'codeTaken'>>> {
  try {
    const discountCode = await db
      .insertInto('discount_codes')
      .values({
        id: randomUUID(),
        code: normaliseCode(input.code),
        percent_off: input.percentOff,
        amount_off: input.amountOff,
        plan_ids: input.planIds.join(','),
        max_uses: input.maxUses,
        expires_at: input.expiresOn ? `${input.expiresOn}T23:59:59.999Z` : null,
        note: input.note,
        created_by: admin.id,
        created_by_name: admin.name,
        created_at: nowTimestamp(now),
        deactivated_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, discountCode };
  } catch (error) {
    // The unique index on the code's letters decides, so two admins at once cannot both win.
    if (isUniqueViolation(error)) return refusal('codeTaken');
    throw error;
  }
}

/** Deactivates a code (kept, with its uses, and no longer accepted); undefined if unknown or done. */
export async function deactivateDiscountCode(
  db: Kysely<Database>,
  id: string,
  now: Date = new Date(),
): Promise<DiscountCodeRow | undefined> {
  return db
    .updateTable('discount_codes')
    .set({ deactivated_at: nowTimestamp(now) })
    .where('id', '=', id)
    .where('deactivated_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function findDiscountCode(db: Kysely<Database>, id: string) {
  return db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

function stateOf(row: DiscountCodeRow, now: Date): CodeState {
  if (row.deactivated_at) return 'deactivated';
  if (row.expires_at && row.expires_at <= nowTimestamp(now)) return 'expired';
  if (row.max_uses !== null && row.uses >= row.max_uses) return 'used up';
  return 'active';
}

/**
 * Every code, newest first, with its uses and the revenue it gave up: what it took off each
 * payment of its paid orders times their payments (a scholarship's whole price), per currency.
 */
export async function listDiscountCodes(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<DiscountListed[]> {
  const [codes, givenUp] = await Promise.all([
    db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').execute(),
    db
      .selectFrom('orders')
      .select([
        'discount_code_id',
        'currency',
        sql<number | string>`sum(discount_amount * installments)`.as('total'),
      ])
      .where('discount_code_id', 'is not', null)
      .where('status', '=', 'paid')
      .groupBy(['discount_code_id', 'currency'])
      .orderBy('currency', 'desc')
      .execute(),
  ]);
  return codes.map((row) => {
    const totals = givenUp.filter((total) => total.discount_code_id === row.id);
    return {
      id: row.id,
      code: row.code,
      off: row.percent_off !== null ? `${row.percent_off}%` : formatUsd(row.amount_off ?? 0),
      planNames: row.plan_ids.split(',').map(planName),
      uses: row.uses,
      maxUses: row.max_uses,
      givenUp:
        totals.length === 0
          ? '—'
          : totals
              .map((total) => formatMinorUnits(Number(total.total), total.currency))
              .join(' + '),
      expiresOn: row.expires_at ? formatDayUtc(row.expires_at) : null,
      note: row.note,
      state: stateOf(row, now),
    };
  });
}

/** What a code takes off one payment of a plan in a currency, in minor units (never more than it). */
export function amountOffFor(
  row: Pick<DiscountCodeRow, 'percent_off' | 'amount_off'>,
  plan: Plan,
  currency: PlanCurrency,
): number {
  const price = planPrice(plan, currency);
  if (row.percent_off !== null) return Math.round((price * row.percent_off) / 100);
  // Dollars off; in naira at the plan's own rate of its two prices.
  const dollars = (row.amount_off ?? 0) * 100;
  const off = currency === 'USD' ? dollars : Math.round((dollars * plan.amountNaira) / plan.amount);
  return Math.min(off, price);
}

export type CodeCheck =
  | { ok: true; row: DiscountCodeRow; amountOff: number; amount: number }
  | { ok: false; refusal: CodeRefusal };

/**
 * Whether a typed code is accepted for a plan now, and what one payment then costs. Every
 * refusal but a used-up one is the same (decision 062). The uses `buyerId` holds do not make
 * it used up for them: their next checkout releases those.
 */
export async function checkCode(
  db: Kysely<Database>,
  typed: string,
  plan: Plan,
  currency: PlanCurrency,
  now: Date = new Date(),
  buyerId?: string,
): Promise<CodeCheck> {
  if (!CODE_PATTERN.test(typed.trim())) return { ok: false, refusal: 'not-usable' };
  const row = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('code', '=', normaliseCode(typed))
    .executeTakeFirst();
  const state = row && stateOf(row, now);
  if (!row || state === 'deactivated' || state === 'expired') {
    return { ok: false, refusal: 'not-usable' };
  }
  if (!row.plan_ids.split(',').includes(plan.id)) return { ok: false, refusal: 'not-usable' };
  if (
    state === 'used up' &&
    row.uses - (await freedHolds(db, row.id, now, buyerId)) >= row.max_uses!
  ) {
    return { ok: false, refusal: 'used-up' };
  }
  const amountOff = amountOffFor(row, plan, currency);
  return { ok: true, row, amountOff, amount: planPrice(plan, currency) - amountOff };
}

/**
 * The code's uses still counted for orders that the next checkout with it gives back
 * (decision 062), so they do not make it used up: those whose checkouts have closed unpaid,
 * and the buyer's own.
 */
async function freedHolds(
  db: Kysely<Database>,
  codeId: string,
  now: Date,
  buyerId: string | undefined,
): Promise<number> {
  const freed = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('discount_code_id', '=', codeId)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('checkout_expires_at', '<=', nowTimestamp(now)),
        ...(buyerId ? [eb('user_id', '=', buyerId)] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(freed.count);
}

/** An accepted code as /enroll shows it before the provider. */
export function quoteOf(
  check: Extract<CodeCheck, { ok: true }>,
  plan: Plan,
  currency: PlanCurrency,
): CodeQuote {
  return {
    code: check.row.code,
    planId: plan.id,
    listPrice: formatMinorUnits(planPrice(plan, currency), currency),
    amountOff: formatMinorUnits(check.amountOff, currency),
    newPrice: formatMinorUnits(check.amount, currency),
    free: check.amount === 0,
  };
}

/**
 * Takes one use of a code for an order being made, in its transaction: one conditional
 * update, so the last use raced by two goes to one (PostgreSQL checks the row again once the
 * first update commits; SQLite writes one at a time). False: it expired, was deactivated or
 * was used up in the meantime.
 */
export async function takeCodeUse(
  trx: Kysely<Database>,
  codeId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const at = nowTimestamp(now);
  const taken = await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .where('deactivated_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * Moves the uses of a code: back (-1 an order) when pending orders are cancelled, fail or
 * their checkouts close, again (+1) when such an order is paid after all (the money counts,
 * over the limit if it must). Callers call it only on the status changes that moved them.
 */
export async function moveCodeUse(
  trx: Kysely<Database>,
  codeId: string | null,
  by: number,
): Promise<void> {
  if (!codeId) return;
  await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', by) }))
    .where('id', '=', codeId)
    .execute();
}

/**
 * Payments with what their order's code took off (`discount_code`, null without one;
 * `discount_amount`; `installments`): the lists that show the code select the rest.
 */
export function paymentsWithCodes(db: Kysely<Database>) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .leftJoin('discount_codes', 'discount_codes.id', 'orders.discount_code_id')
    .select([
      'discount_codes.code as discount_code',
      'orders.discount_amount',
      'orders.installments',
    ]);
}

/** The plans a code may name, for the admin form: every plan sold on /enroll. */
export function planChoices() {
  return plans.map((plan) => ({ id: plan.id, name: plan.name, price: plan.amount }));
}
