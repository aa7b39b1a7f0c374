import { sql, type Kysely } from 'kysely';
import { createIndex, createIndexes, id, optional, required } from './columns';

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
    .$call(id)
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .$call(required('text', 'template', 'recipient', 'recipient_name'))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .$call(required('text', 'subject', 'payload'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(required('text', 'created_at', 'queued_at', 'next_attempt_at'))
    .$call(optional('text', 'claimed_until', 'last_error', 'sent_at'))
    .execute();
  // The worker's claim: due rows by time. The admin page: one person's messages, newest first.
  await createIndexes(db, 'email_outbox', {
    email_outbox_status_next_attempt_at: ['status', 'next_attempt_at'],
    email_outbox_user_id_created_at: ['user_id', 'created_at'],
  });

  await db.schema
    .createTable('local_mailbox')
    .$call(id)
    .$call(
      required(
        'text',
        'message_id',
        'sender',
        'recipient',
        'subject',
        'html',
        'text',
        'raw',
        'delivered_at',
      ),
    )
    .execute();
  await createIndex(db, 'local_mailbox_delivered_at', 'local_mailbox', ['delivered_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('local_mailbox').execute();
  await db.schema.dropTable('email_outbox').execute();
}
