import type { Kysely } from 'kysely';
import { ENROLLED_STATUSES, type Database } from '~/db/schema';
import type { RequestContext } from '~/load-context';
import type { UpgradeOffer } from './upgrade-card';

/** Pay Now on the upgrade, refused to anyone it is not open to. */
export const UPGRADE_NOT_OPEN =
  'The upgrade to FullStack is for FrontEnd students who have paid their course in full.';

/**
 * The signed-in reader's upgrade offer, for the course home, /enroll and /checkout: none for a
 * visitor, and none without a payment provider (the upgrade needs an order of its own).
 */
export async function readUpgradeOffer(context: RequestContext): Promise<UpgradeOffer | null> {
  if (context.payments.mode !== 'automatic') return null;
  const { user } = await context.session();
  return user ? upgradeOfferOf(context.db, user.id) : null;
}

/**
 * Whether a person may buy the upgrade to FullStack (decision 069): open once a FrontEnd
 * course they paid for (by card or by transfer) is paid in full; "after the last installment"
 * while one is still being paid; null for anyone holding FullStack, or holding FrontEnd by an
 * invitation, a grant or a scholarship (nothing paid that could count toward it).
 */
export async function upgradeOfferOf(
  db: Kysely<Database>,
  userId: string,
): Promise<UpgradeOffer | null> {
  const held = await db
    .selectFrom('enrolments')
    .select(['track', 'status', 'source', 'paused_at', 'installments_paid', 'installments_total'])
    .where('user_id', '=', userId)
    .where('status', 'in', ENROLLED_STATUSES)
    .execute();
  if (held.some((enrolment) => enrolment.track === 'fullstack')) return null;
  const paid = held.filter(
    (enrolment) =>
      enrolment.paused_at === null &&
      (enrolment.source === 'payment' || enrolment.source === 'bank-transfer'),
  );
  if (
    paid.some(
      (enrolment) =>
        enrolment.status === 'active' &&
        enrolment.installments_paid >= enrolment.installments_total,
    )
  ) {
    return { kind: 'open' };
  }
  const paying = paid.find(
    (enrolment) => enrolment.installments_paid < enrolment.installments_total,
  );
  return paying
    ? {
        kind: 'after-installments',
        paid: paying.installments_paid,
        total: paying.installments_total,
      }
    : null;
}
