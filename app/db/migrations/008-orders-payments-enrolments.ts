import { sql, type Kysely } from 'kysely';

/**
 * DESIGN §9: what a person set out to buy (`orders`), the money a provider confirmed
 * (`payments`), every webhook event once (`payment_events`), and what gives access
 * (`enrolments`). Amounts are whole minor units (cents, kobo).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('track', 'text', (col) =>
      col.notNull().check(sql`track in ('frontend', 'fullstack')`),
    )
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('installments', 'integer', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'paid', 'failed', 'cancelled')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('orders_user_id_created_at')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_payment_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('paid', 'refunded')`))
    .addColumn('raw_event', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('refunded_at', 'text')
    .addUniqueConstraint('payments_provider_payment', ['provider', 'provider_payment_id'])
    .execute();
  await db.schema.createIndex('payments_created_at').on('payments').column('created_at').execute();
  await db.schema.createIndex('payments_order_id').on('payments').column('order_id').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('enrolments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (col) => col.unique().references('orders.id'))
    .addColumn('track', 'text', (col) =>
      col.notNull().check(sql`track in ('frontend', 'fullstack')`),
    )
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('active', 'overdue', 'refunded', 'cancelled')`),
    )
    .addColumn('installments_paid', 'integer', (col) => col.notNull())
    .addColumn('installments_total', 'integer', (col) => col.notNull())
    .addColumn('source', 'text', (col) =>
      col.notNull().check(sql`source in ('payment', 'bank-transfer', 'invitation', 'admin')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('enrolments_user_id').on('enrolments').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enrolments').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('orders').execute();
}
