import { sql, type Kysely } from 'kysely';

/**
 * The e-mail outbox (DESIGN §10): a message is a row written in the same transaction as
 * the change it reports, and a worker sends it later. The unique idempotency key makes a
 * repeated cause (a replayed webhook, a second sign-in) enqueue nothing new.
 *
 * `local_mailbox` holds what the local stand-in transport "delivered" when no SMTP server
 * is configured, for `/dev-mail`; it stays empty in a deployment that sends real mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('recipient_name', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('queued_at', 'text', (col) => col.notNull())
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  // The worker's claim: due rows by time. The admin page: one person's messages, newest first.
  await db.schema
    .createIndex('email_outbox_status_next_attempt_at')
    .on('email_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('email_outbox_user_id_created_at')
    .on('email_outbox')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('local_mailbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('sender', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('raw', 'text', (col) => col.notNull())
    .addColumn('delivered_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('local_mailbox_delivered_at')
    .on('local_mailbox')
    .column('delivered_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('local_mailbox').execute();
  await db.schema.dropTable('email_outbox').execute();
}
