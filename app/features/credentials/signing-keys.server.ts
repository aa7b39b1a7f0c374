import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Kysely } from 'kysely';
import { nowTimestamp, type Database } from '~/db/schema';
import { credentialSigningKey, type Ed25519PrivateJwk } from '~/lib/env.server';
import { ISSUER_KEYS_PATH, signingKeyPath } from './credential-links';

/**
 * The keys that sign credentials (decision 051). The key of `CREDENTIAL_SIGNING_KEY` when it
 * is set; otherwise one generated here and kept in `credential_keys`. Every key that ever
 * signed is recorded there with its public half, so the published key set keeps it after a
 * rotation or a change of the variable, and old credentials still verify.
 */

export const SIGNING_ALGORITHM = 'EdDSA';

export interface SigningKey {
  /** As the JOSE header and the key set name it: `<ORIGIN>/credentials/keys/<thumbprint>`. */
  kid: string;
  privateKey: CryptoKey;
  source: 'environment' | 'database';
}

/** The public half of an Ed25519 JWK: never `d`. */
function publicJwkOf(jwk: JWK): JWK {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
}

/**
 * A key's id as published: the address of that key alone, a JWK (Open Badges dereferences a
 * `kid` to a JWK), ending in the key's JWK thumbprint (RFC 7638), which is what the database
 * records. Decision 066.
 */
export function publishedKid(origin: string, thumbprint: string): string {
  return `${origin}${signingKeyPath(thumbprint)}`;
}

/**
 * The id credentials signed before decision 066 name: a fragment of the key set. The set
 * keeps listing each key under it too, so those files still verify with a key-set verifier.
 */
function formerKid(origin: string, thumbprint: string): string {
  return `${origin}${ISSUER_KEYS_PATH}#${thumbprint}`;
}

const importedKeys = new Map<string, Promise<CryptoKey>>();

function privateKeyOf(thumbprint: string, jwk: JWK): Promise<CryptoKey> {
  let key = importedKeys.get(thumbprint);
  if (!key) {
    key = importJWK(jwk, SIGNING_ALGORITHM) as Promise<CryptoKey>;
    importedKeys.set(thumbprint, key);
  }
  return key;
}

const recordedEnvironmentKeys = new WeakMap<Kysely<Database>, Set<string>>();

/** Records the environment's key (its public half) once per process and database. */
async function recordEnvironmentKey(
  db: Kysely<Database>,
  jwk: Ed25519PrivateJwk,
  now: Date,
): Promise<string> {
  const publicJwk = publicJwkOf(jwk);
  const thumbprint = await calculateJwkThumbprint(publicJwk);
  const recorded = recordedEnvironmentKeys.get(db) ?? new Set<string>();
  if (!recorded.has(thumbprint)) {
    await db
      .insertInto('credential_keys')
      .values({
        kid: thumbprint,
        public_jwk: JSON.stringify(publicJwk),
        private_jwk: null,
        active: null,
        created_at: nowTimestamp(now),
        retired_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    recorded.add(thumbprint);
    recordedEnvironmentKeys.set(db, recorded);
  }
  return thumbprint;
}

/** `CREDENTIAL_SIGNING_KEY`'s key, recorded; undefined when the variable is not set. */
async function environmentKey(
  db: Kysely<Database>,
  source: NodeJS.ProcessEnv,
  now: Date,
): Promise<{ jwk: Ed25519PrivateJwk; thumbprint: string } | undefined> {
  const jwk = credentialSigningKey(source);
  return jwk && { jwk, thumbprint: await recordEnvironmentKey(db, jwk, now) };
}

/** A new Ed25519 key pair as JWKs, with its thumbprint. */
export async function newKeyPair(): Promise<{
  thumbprint: string;
  privateJwk: JWK;
  publicJwk: JWK;
}> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const publicJwk = publicJwkOf(privateJwk);
  return { thumbprint: await calculateJwkThumbprint(publicJwk), privateJwk, publicJwk };
}

/** Inserts a new generated key as the active one, unless another is active already. */
async function insertActiveKey(db: Kysely<Database>, now: Date): Promise<void> {
  const pair = await newKeyPair();
  // The unique index on `active` lets only one generated key be active: of two instances
  // starting at once, the second's insert does nothing and it reads the first's key.
  await db
    .insertInto('credential_keys')
    .values({
      kid: pair.thumbprint,
      public_jwk: JSON.stringify(pair.publicJwk),
      private_jwk: JSON.stringify(pair.privateJwk),
      active: 1,
      created_at: nowTimestamp(now),
      retired_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

function activeGeneratedKey(db: Kysely<Database>) {
  return db
    .selectFrom('credential_keys')
    .select(['kid', 'private_jwk'])
    .where('active', '=', 1)
    .executeTakeFirst();
}

/**
 * The key that signs now: the environment's, or the active generated one (made at first
 * use when there is none).
 */
export async function activeSigningKey(
  db: Kysely<Database>,
  origin: string,
  source: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): Promise<SigningKey> {
  const fromEnvironment = await environmentKey(db, source, now);
  if (fromEnvironment) {
    return {
      kid: publishedKid(origin, fromEnvironment.thumbprint),
      privateKey: await privateKeyOf(fromEnvironment.thumbprint, fromEnvironment.jwk),
      source: 'environment',
    };
  }
  let active = await activeGeneratedKey(db);
  if (!active) {
    await insertActiveKey(db, now);
    active = await activeGeneratedKey(db);
  }
  if (!active?.private_jwk) throw new Error('No active credential signing key');
  return {
    kid: publishedKid(origin, active.kid),
    privateKey: await privateKeyOf(active.kid, JSON.parse(active.private_jwk) as JWK),
    source: 'database',
  };
}

export type RotationOutcome =
  | { rotated: true; retired: string | null; active: string }
  | { rotated: false; reason: 'environment-key'; active: string };

/**
 * Retires the active generated key and makes a new one (`npm run credentials -- rotate-key`).
 * The retired key stays published. With `CREDENTIAL_SIGNING_KEY` set there is nothing to do
 * here: rotating means setting the variable to a new key.
 */
export async function rotateSigningKey(
  db: Kysely<Database>,
  source: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): Promise<RotationOutcome> {
  const fromEnvironment = await environmentKey(db, source, now);
  if (fromEnvironment) {
    return { rotated: false, reason: 'environment-key', active: fromEnvironment.thumbprint };
  }
  return db.transaction().execute(async (trx) => {
    const retired = await trx
      .updateTable('credential_keys')
      .set({ active: null, retired_at: nowTimestamp(now) })
      .where('active', '=', 1)
      .returning('kid')
      .executeTakeFirst();
    await insertActiveKey(trx, now);
    const active = await activeGeneratedKey(trx);
    if (!active) throw new Error('The new credential signing key was not recorded');
    return { rotated: true, retired: retired?.kid ?? null, active: active.kid };
  });
}

/** A recorded key as published under `kid`: its public half only. */
function publishedJwk(row: { public_jwk: string }, kid: string): JWK {
  return {
    ...publicJwkOf(JSON.parse(row.public_jwk) as JWK),
    kid,
    alg: SIGNING_ALGORITHM,
    use: 'sig',
  };
}

/**
 * The published key set: every key that ever signed, public halves only, oldest first; the
 * one that signs now included before it has signed anything. Each key is listed under its
 * own address, then again under its former id (see `formerKid`).
 */
export async function publishedKeySet(
  db: Kysely<Database>,
  origin: string,
  source: NodeJS.ProcessEnv = process.env,
): Promise<{ keys: JWK[] }> {
  await activeSigningKey(db, origin, source);
  const rows = await db
    .selectFrom('credential_keys')
    .select(['kid', 'public_jwk'])
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
  return {
    keys: [
      ...rows.map((row) => publishedJwk(row, publishedKid(origin, row.kid))),
      ...rows.map((row) => publishedJwk(row, formerKid(origin, row.kid))),
    ],
  };
}

/** One published key by its thumbprint, as its `kid` dereferences to; undefined if none. */
export async function publishedKey(
  db: Kysely<Database>,
  origin: string,
  thumbprint: string,
): Promise<JWK | undefined> {
  const row = await db
    .selectFrom('credential_keys')
    .select('public_jwk')
    .where('kid', '=', thumbprint)
    .executeTakeFirst();
  return row && publishedJwk(row, publishedKid(origin, thumbprint));
}
