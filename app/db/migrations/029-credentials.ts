import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createIndex, optional, required } from './columns';

/**
 * Certificates as Open Badges 3.0 credentials (decision 051).
 *
 * `credential_keys` records every key that ever signed a credential, so the published key
 * set keeps the old ones after a rotation. A key generated here keeps its private half in
 * the row; the key of `CREDENTIAL_SIGNING_KEY` is recorded with its public half only.
 * `active` is 1 on the one generated key that signs (NULL on every other row): its unique
 * index lets two instances starting at once end with one key.
 *
 * A certificate gets its bit in the revocation status list (`status_index`, unique, in
 * issue order) and the random salt of its holder's hashed e-mail (`identity_salt`).
 * Existing certificates get both here, in the order they were issued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credential_keys')
    .addColumn('kid', 'text', (col) => col.primaryKey())
    .$call(required('text', 'public_jwk'))
    .$call(optional('text', 'private_jwk'))
    .addColumn('active', 'integer', (col) => col.check(sql`active = 1`))
    .$call(required('text', 'created_at'))
    .$call(optional('text', 'retired_at'))
    .execute();
  await createIndex(db, 'credential_keys_active', 'credential_keys', ['active'], { unique: true });

  // SQLite adds one column an ALTER TABLE.
  await db.schema.alterTable('certificates').addColumn('status_index', 'integer').execute();
  await db.schema.alterTable('certificates').addColumn('identity_salt', 'text').execute();
  const certificates = db as Kysely<MigratedCertificates>;
  const existing = await certificates
    .selectFrom('certificates')
    .select('id')
    .orderBy('issued_at')
    .orderBy('id')
    .execute();
  for (const [index, certificate] of existing.entries()) {
    await certificates
      .updateTable('certificates')
      .set({ status_index: index, identity_salt: randomBytes(16).toString('hex') })
      .where('id', '=', certificate.id)
      .execute();
  }
  await createIndex(db, 'certificates_status_index', 'certificates', ['status_index'], {
    unique: true,
  });
}

/** The columns this migration reads and fills, as they are at this point of history. */
interface MigratedCertificates {
  certificates: {
    id: string;
    issued_at: string;
    status_index: number | null;
    identity_salt: string | null;
  };
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('certificates_status_index').execute();
  await db.schema.alterTable('certificates').dropColumn('identity_salt').execute();
  await db.schema.alterTable('certificates').dropColumn('status_index').execute();
  await db.schema.dropTable('credential_keys').execute();
}
