import { randomBytes, randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '~/db/database.server';
import type { Database } from '~/db/schema';
import { STATUS_LIST_MIN_BITS } from './status-list.server';

/** A whole number from 0 to `size` - 1, from the CSPRNG. */
type Draw = (size: number) => number;

/**
 * Draws enough for any list that is at most half full: the chance that all of them land on
 * taken positions is under 2^-64.
 */
const MAX_DRAWS = 64;

/**
 * What a new certificate's credential needs (decision 051): its bit in the revocation list and
 * the salt of its holder's hashed address. The bit is drawn at random among the unused ones
 * (decision 065), as the Bitstring Status List recommends, so that a position says nothing
 * of when the certificate was issued or how many there are, and the published list nothing
 * of which were revoked. The list keeps at least half its positions free (it grows by whole
 * 131,072-bit blocks), so a draw finds a free one in two tries on average. Called inside the
 * issuing transaction: on PostgreSQL one issuer at a time holds the table until it commits
 * (readers pass), so two certificates issued at once never get the same bit; SQLite runs one
 * write transaction at a time already. The unique index is the last guard.
 */
export async function newCertificateCredentialColumns(
  trx: Kysely<Database>,
  draw: Draw = randomInt,
): Promise<{ status_index: number; identity_salt: string }> {
  if (isPostgres(trx)) await sql`lock table certificates in exclusive mode`.execute(trx);
  const used = await trx
    .selectFrom('certificates')
    .select((eb) => eb.fn.count<number | string>('status_index').as('count'))
    .executeTakeFirstOrThrow();
  const size =
    STATUS_LIST_MIN_BITS * Math.ceil((2 * (Number(used.count) + 1)) / STATUS_LIST_MIN_BITS);
  for (let tries = 0; tries < MAX_DRAWS; tries += 1) {
    const index = draw(size);
    const taken = await trx
      .selectFrom('certificates')
      .select('id')
      .where('status_index', '=', index)
      .executeTakeFirst();
    if (!taken) return { status_index: index, identity_salt: randomBytes(16).toString('hex') };
  }
  throw new Error(`No free position in the status list after ${MAX_DRAWS} draws`);
}
