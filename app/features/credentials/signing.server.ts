import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { jwtClaims } from './open-badge';
import { SIGNING_ALGORITHM, activeSigningKey } from './signing-keys.server';

/**
 * A credential as a VC-JWT (Open Badges 3.0's JSON Web Token proof format): the credential
 * is the JWT payload with `iss`, `jti` and `nbf` beside it, signed with the active key,
 * whose id the header names. Ed25519 signatures are deterministic: the same credential
 * and key give the same JWT.
 */
export async function signCredential(
  db: Kysely<Database>,
  origin: string,
  credential: Parameters<typeof jwtClaims>[0] & Record<string, unknown>,
): Promise<string> {
  const key = await activeSigningKey(db, origin);
  return new SignJWT({ ...credential, ...jwtClaims(credential) })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}
