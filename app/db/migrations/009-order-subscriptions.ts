import type { Kysely } from 'kysely';

/**
 * A provider's later charges of an installment plan may not carry the order id (Paystack's
 * renewals are charged under references it makes): `subscription_ref` is the provider's
 * name for the plan being charged (a Stripe subscription, a Paystack customer and plan),
 * recorded at the first payment, by which later events find their order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('subscription_ref', 'text').execute();
  await db.schema
    .createIndex('orders_provider_subscription_ref')
    .on('orders')
    .columns(['provider', 'subscription_ref'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_provider_subscription_ref').execute();
  await db.schema.alterTable('orders').dropColumn('subscription_ref').execute();
}
