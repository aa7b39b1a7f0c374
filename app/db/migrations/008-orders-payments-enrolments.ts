import type { Kysely } from 'kysely';
import { createIndex, id, oneOf, optional, ownedByUser, required } from './columns';

/**
 * DESIGN §9: what a person set out to buy (`orders`), the money a provider confirmed
 * (`payments`), every webhook event once (`payment_events`), and what gives access
 * (`enrolments`). Amounts are whole minor units (cents, kobo).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .$call(id)
    .$call(ownedByUser)
    .$call(required('text', 'plan_id'))
    .$call(oneOf('track', ['frontend', 'fullstack']))
    .$call(required('integer', 'amount'))
    .$call(required('text', 'currency'))
    .$call(required('integer', 'installments'))
    .$call(required('text', 'provider'))
    .$call(optional('text', 'provider_ref'))
    .$call(oneOf('status', ['pending', 'paid', 'failed', 'cancelled']))
    .$call(required('text', 'created_at', 'updated_at'))
    .execute();
  await createIndex(db, 'orders_user_id_created_at', 'orders', ['user_id', 'created_at']);

  await db.schema
    .createTable('payments')
    .$call(id)
    .addColumn('order_id', 'text', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .$call(ownedByUser)
    .$call(required('text', 'provider', 'provider_payment_id'))
    .$call(required('integer', 'amount'))
    .$call(required('text', 'currency'))
    .$call(oneOf('status', ['paid', 'refunded']))
    .$call(required('text', 'raw_event', 'created_at'))
    .$call(optional('text', 'refunded_at'))
    .addUniqueConstraint('payments_provider_payment', ['provider', 'provider_payment_id'])
    .execute();
  await createIndex(db, 'payments_created_at', 'payments', ['created_at']);
  await createIndex(db, 'payments_order_id', 'payments', ['order_id']);

  await db.schema
    .createTable('payment_events')
    .$call(required('text', 'provider', 'event_id', 'type'))
    .$call(optional('text', 'order_id'))
    .$call(required('text', 'outcome'))
    .$call(optional('text', 'note'))
    .$call(required('text', 'received_at'))
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('enrolments')
    .$call(id)
    .$call(ownedByUser)
    .addColumn('order_id', 'text', (col) => col.unique().references('orders.id'))
    .$call(oneOf('track', ['frontend', 'fullstack']))
    .$call(required('text', 'plan_id'))
    .$call(oneOf('status', ['active', 'overdue', 'refunded', 'cancelled']))
    .$call(required('integer', 'installments_paid', 'installments_total'))
    .$call(oneOf('source', ['payment', 'bank-transfer', 'invitation', 'admin']))
    .$call(required('text', 'created_at', 'updated_at'))
    .execute();
  await createIndex(db, 'enrolments_user_id', 'enrolments', ['user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enrolments').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('orders').execute();
}
