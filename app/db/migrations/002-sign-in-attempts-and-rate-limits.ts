import type { Kysely } from 'kysely';
import { createIndex, required } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per sign-in started: deleted when its callback arrives, so state, nonce and
  // PKCE verifier are single-use on every server instance.
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .$call(required('text', 'state', 'nonce', 'code_verifier', 'mode', 'return_to', 'expires_at'))
    .execute();
  await createIndex(db, 'sign_in_attempts_expires_at', 'sign_in_attempts', ['expires_at']);

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .$call(required('text', 'window_start'))
    .$call(required('integer', 'hits'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('sign_in_attempts').execute();
}
