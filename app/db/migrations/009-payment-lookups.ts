import type { Kysely } from 'kysely';
import { createIndex } from './columns';

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
  await createIndex(db, 'orders_provider_subscription_ref', 'orders', [
    'provider',
    'subscription_ref',
  ]);
  await createIndex(db, 'orders_created_at', 'orders', ['created_at', 'id']);
  await createIndex(db, 'payment_events_outcome_received_at', 'payment_events', [
    'outcome',
    'received_at',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_events_outcome_received_at').execute();
  await db.schema.dropIndex('orders_created_at').execute();
  await db.schema.dropIndex('orders_provider_subscription_ref').execute();
  await db.schema.alterTable('orders').dropColumn('subscription_ref').execute();
}
