import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { statusListCredential } from './open-badge';
import { signCredential } from './signing.server';

/**
 * The revocation list of every certificate (W3C Bitstring Status List, decision 051): bit
 * `status_index` is 1 when the certificate is revoked. It is read from `certificates`
 * itself, so Revoke sets the bit in its own transaction, and the same data makes the same
 * signed list on every instance.
 */

/** The smallest list the specification allows (16 KiB), for herd privacy. */
export const STATUS_LIST_MIN_BITS = 131_072;

/** The list's `validFrom` while nothing was ever revoked: the day the list began. */
const STATUS_LIST_EPOCH = '2026-11-26T00:00:00Z';

/** GZIP then multibase base64url (`u` prefix, no padding); bit 0 is the first byte's highest. */
export function encodeStatusList(
  revoked: Iterable<number>,
  minimumBits = STATUS_LIST_MIN_BITS,
): string {
  const indices = [...revoked];
  const bits = Math.max(minimumBits, ...indices.map((index) => index + 1));
  const bytes = new Uint8Array(Math.ceil(bits / STATUS_LIST_MIN_BITS) * (STATUS_LIST_MIN_BITS / 8));
  for (const index of indices) bytes[index >> 3]! |= 0x80 >> (index & 7);
  // Level 9 and no file name or time in the header: the same bits give the same bytes.
  return `u${gzipSync(bytes, { level: 9 }).toString('base64url')}`;
}

/** The bit at `index` of an `encodedList`, as the specification's validation algorithm reads it. */
export function statusBit(encodedList: string, index: number): boolean {
  if (!encodedList.startsWith('u')) throw new Error('The status list is not multibase base64url');
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  if (bytes.length * 8 < STATUS_LIST_MIN_BITS) throw new Error('The status list is too short');
  if (index < 0 || index >= bytes.length * 8) throw new RangeError('No such status index');
  return (bytes[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

/** The signed `BitstringStatusListCredential` (a VC-JWT) for the list as the database has it. */
export async function signedStatusList(db: Kysely<Database>, origin: string): Promise<string> {
  const revoked = await db
    .selectFrom('certificates')
    .select(['status_index', 'revoked_at'])
    .where('revoked_at', 'is not', null)
    .where('status_index', 'is not', null)
    .orderBy('status_index')
    .execute();
  const newest = revoked.reduce<string | null>(
    (latest, row) => (latest === null || row.revoked_at! > latest ? row.revoked_at : latest),
    null,
  );
  const credential = statusListCredential(origin, {
    encodedList: encodeStatusList(revoked.map((row) => row.status_index!)),
    validFrom: newest ?? STATUS_LIST_EPOCH,
  });
  return signCredential(db, origin, credential);
}
