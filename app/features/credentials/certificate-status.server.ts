import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '~/db/database.server';
import type { Database } from '~/db/schema';

/**
 * What a new certificate's credential needs (issue 31): its bit in the revocation list, the
 * next after the highest given, and the salt of its holder's hashed address. Called inside
 * the issuing transaction: on PostgreSQL one issuer at a time holds the table until it
 * commits (readers pass), so two certificates issued at once never get the same bit; SQLite
 * runs one write transaction at a time already. The unique index is the last guard.
 */
export async function newCertificateCredentialColumns(
  trx: Kysely<Database>,
): Promise<{ status_index: number; identity_salt: string }> {
  if (isPostgres(trx)) await sql`lock table certificates in exclusive mode`.execute(trx);
  const last = await trx
    .selectFrom('certificates')
    .select((eb) => eb.fn.max('status_index').as('index'))
    .executeTakeFirst();
  const index = last?.index;
  return {
    status_index: index === null || index === undefined ? 0 : Number(index) + 1,
    identity_salt: randomBytes(16).toString('hex'),
  };
}
