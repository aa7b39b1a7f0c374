import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { planName, type Plan } from '~/content/plans';
import { nowTimestamp, type Database, type PaymentProviderName } from '~/db/schema';
import { lockUserRow } from '~/db/database.server';
import { enqueueEmailToUser } from '~/features/email/outbox.server';
import { reconcileAccess } from '~/features/enrolment/access.server';
import { enrolledTracksOf } from '~/features/enrolment/enrolments.server';
import { createOrder, releaseHoldsForCheckout } from '~/features/enrolment/orders.server';
import { coversTrack } from '~/features/enrolment/tracks';
import { refusal, type Refusal, type Result } from '~/lib/refusal';
import { takeCodeUse } from './discounts.server';

/** Why a scholarship is refused (decision 079): the code has no use left, or the track is held. */
export type ScholarshipRefusal = Refusal<'usedUp' | 'alreadyEnrolled'>;

/**
 * A 100 % code (a scholarship): no provider, no payment. In one transaction, under the
 * person's row lock: the code's use, a paid order of nothing (so the code shows on it and in
 * the history), an enrolment of source `scholarship` with every installment counted, access
 * through `reconcileAccess` (its automatic `payment` cause, so an admin's revocation stands
 * against it as against a payment; audited) and the unlock e-mail through the outbox.
 */
export async function enrolWithScholarship(
  db: Kysely<Database>,
  options: {
    userId: string;
    plan: Plan;
    provider: { name: PaymentProviderName; currency: 'USD' | 'NGN' };
    codeId: string;
    code: string;
    amountOff: number;
  },
  now: Date = new Date(),
): Promise<Result<{ orderId: string }, ScholarshipRefusal>> {
  return db.transaction().execute(async (trx) => {
    await lockUserRow(trx, options.userId);
    if (coversTrack(await enrolledTracksOf(trx, options.userId), options.plan.theme)) {
      return refusal('alreadyEnrolled');
    }
    await releaseHoldsForCheckout(trx, { userId: options.userId, codeId: options.codeId }, now);
    if (!(await takeCodeUse(trx, options.codeId, now))) return refusal('usedUp');
    const order = await createOrder(trx, {
      userId: options.userId,
      plan: options.plan,
      provider: options.provider,
      discount: { codeId: options.codeId, amountOff: options.amountOff },
      now,
    });
    const at = nowTimestamp(now);
    await trx
      .updateTable('orders')
      .set({ status: 'paid', updated_at: at })
      .where('id', '=', order.id)
      .execute();
    await trx
      .insertInto('enrolments')
      .values({
        id: randomUUID(),
        user_id: options.userId,
        order_id: order.id,
        track: order.track,
        plan_id: order.plan_id,
        status: 'active',
        installments_paid: order.installments,
        installments_total: order.installments,
        source: 'scholarship',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await reconcileAccess(
      trx,
      options.userId,
      { id: 'payment', name: `Scholarship (code ${options.code})` },
      now,
    );
    await enqueueEmailToUser(
      trx,
      options.userId,
      {
        key: `scholarship:${order.id}`,
        template: 'scholarship-granted',
        payload: (user) => ({
          name: user.name,
          planName: planName(order.plan_id),
          code: options.code,
          track: order.track,
        }),
      },
      now,
    );
    return { ok: true, orderId: order.id };
  });
}
