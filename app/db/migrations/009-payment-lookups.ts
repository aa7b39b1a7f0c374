import type { Kysely } from 'kysely';

/**
 * How payments are found again.
 *
 * A provider's later charges of an installment plan may not carry the order id (Paystack's
 * renewals are charged under references it makes): `subscription_ref` is the provider's
 * name for the plan being charged (a Stripe subscription, a Paystack customer and plan),
 * recorded at the first payment, by which later events find their order.
 *
 * `/admin/payments` lists orders newest first and the events that need attention (a
 * mismatch, an unknown order) newest first: each gets an index in that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('subscription_ref', 'text').execute();
  await db.schema
    .createIndex('orders_provider_subscription_ref')
    .on('orders')
    .columns(['provider', 'subscription_ref'])
    .execute();
  await db.schema
    .createIndex('orders_created_at')
    .on('orders')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('payment_events_outcome_received_at')
    .on('payment_events')
    .columns(['outcome', 'received_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_events_outcome_received_at').execute();
  await db.schema.dropIndex('orders_created_at').execute();
  await db.schema.dropIndex('orders_provider_subscription_ref').execute();
  await db.schema.alterTable('orders').dropColumn('subscription_ref').execute();
}
