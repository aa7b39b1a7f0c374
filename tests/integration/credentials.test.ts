/**
 * Credentials through the compiled server (issue 31): a visitor downloads a certificate's
 * credential, which `jose` verifies against the key set as served over HTTP; the public
 * documents answer with their types and caching; an admin's Revoke sets the certificate's
 * bit in the served status list and not another's; unknown ids are 404. On SQLite, and on
 * PostgreSQL in its pass.
 */
import { createPublicKey, generateKeyPairSync, verify, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { issueCertificate } from '~/features/certificates/certificates.server';
import type { Account } from '../support/accounts';
import { PUBLIC_ORIGIN_ENV, startServer } from '../support/server-process';
import { useServerWithAccounts } from '../support/server-with-admin';
import { accepted } from '../support/accepted';

const site = useServerWithAccounts({
  admin: { access: 'admin', name: 'Ada Admin' },
  holder: { access: 'level-1', name: 'Tobi Graduate' },
  other: { access: 'level-1', name: 'Other Graduate' },
  verified: { access: 'level-1', name: 'Ngozi Verified' },
  forged: { access: 'level-1', name: 'Femi Forged' },
});

const get = (path: string) => fetch(`${site.server.origin}${path}`, { redirect: 'manual' });

async function issued(account: Account): Promise<{ id: string; statusIndex: number }> {
  const { certificate } = accepted(
    await issueCertificate(site.database.db, {
      userId: account.id,
      name: account.email.split('@')[0]!,
      note: 'Issued for the credentials test',
      admin: { id: site.accounts.admin.id, name: 'Ada Admin' },
    }),
  );
  return { id: certificate.id, statusIndex: certificate.status_index! };
}

/** The status list as a verifier reads it: its signature checked, then bit `index`. */
async function listedRevoked(index: number): Promise<boolean> {
  const response = await get('/credentials/status/1');
  expect(response.status).toBe(200);
  const { payload } = await jwtVerify(await response.text(), keys(), {
    issuer: `${site.server.origin}/credentials/issuer`,
  });
  const { encodedList } = payload.credentialSubject as { encodedList: string };
  const bits = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  return (bits[index >> 3]! & (0x80 >> (index % 8))) !== 0;
}

const keys = () => createRemoteJWKSet(new URL(`${site.server.origin}/credentials/keys.json`));

describe('a certificate’s credential, as a visitor downloads it', () => {
  it('is a signed VC-JWT file that jose verifies with the keys the site serves, and holds no e-mail', async () => {
    const certificate = await issued(site.accounts.holder);
    const response = await get(`/certificates/${certificate.id}/credential`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vc+jwt');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="frontend-developer-bootcamp-${certificate.id}.jwt"`,
    );
    const jwt = await response.text();
    const { payload, protectedHeader } = await jwtVerify(jwt, keys(), {
      issuer: `${site.server.origin}/credentials/issuer`,
    });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    expect(payload).toMatchObject({
      id: `${site.server.origin}/certificates/${certificate.id}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
    } satisfies JWTPayload);
    expect(jwt).not.toContain(site.accounts.holder.email);
    expect(JSON.stringify(payload)).not.toContain(site.accounts.holder.email);

    const keySet = await get('/credentials/keys.json');
    expect(keySet.headers.get('content-type')).toBe('application/json');
    expect(keySet.headers.get('access-control-allow-origin')).toBe('*');
    expect(await keySet.text()).not.toMatch(/"d"/);
  });

  it('serves the issuer and the achievements as JSON-LD, and 404 for what does not exist', async () => {
    const issuer = await get('/credentials/issuer');
    expect(issuer.headers.get('content-type')).toBe('application/ld+json');
    expect(await issuer.json()).toMatchObject({ id: `${site.server.origin}/credentials/issuer` });
    expect((await get('/credentials/achievements/fullstack')).status).toBe(200);
    expect((await get('/credentials/achievements/backend')).status).toBe(404);
    expect((await get('/certificates/no-such-certificate-0000/credential')).status).toBe(404);
    expect((await get('/certificates/no-such-certificate-0000')).status).toBe(404);
    expect((await get('/credentials/status/2')).status).toBe(404);
  });
});

/**
 * A verifier written from Open Badges 3.0's "Verification and Validation" section and its
 * JSON Web Token proof format ("Verify a Credential", "Verify a Credential VC-JWT
 * Signature"), with the W3C Bitstring Status List's validation of the status. It shares no
 * code with the site and uses no JOSE library: the JWS signature is checked with Node's
 * crypto over the JWK the header's `kid` dereferences to over HTTP. It throws with the step
 * that failed; otherwise it answers whether the status list marks the credential revoked.
 */
async function verifyOpenBadge(
  compactJws: string,
  now = new Date(),
): Promise<{ revoked: boolean }> {
  const { credential, issuerKey } = await verifiedJws(compactJws);
  const credentialTypes = [credential.type].flat();
  if (
    !credentialTypes.includes('OpenBadgeCredential') &&
    !credentialTypes.includes('AchievementCredential')
  ) {
    throw new Error('conformance: not an OpenBadgeCredential');
  }
  // 1. Conformance: 1EdTech's JSON Schema, and a subject identified by an id or an identifier.
  if (!matchesSchema(credential)) {
    throw new Error(`conformance: ${JSON.stringify(matchesSchema.errors)}`);
  }
  const subject = credential.credentialSubject as { id?: unknown; identifier?: unknown };
  if (subject.id === undefined && subject.identifier === undefined) {
    throw new Error('conformance: the subject has neither id nor identifier');
  }
  // 2. The proof's claims, each a MUST of "Verify a Credential VC-JWT Signature".
  const issuer = credential.issuer as string | { id: string };
  const issuerId = typeof issuer === 'string' ? issuer : issuer.id;
  if (credential.iss !== issuerId) throw new Error('proof: iss is not issuer.id');
  if (typeof credential.sub !== 'string' || credential.sub !== subject.id) {
    throw new Error('proof: sub is missing or is not credentialSubject.id');
  }
  if (
    typeof credential.nbf !== 'number' ||
    credential.nbf * 1000 !== Date.parse(String(credential.validFrom))
  ) {
    throw new Error('proof: nbf is missing or is not validFrom');
  }
  if (credential.nbf * 1000 > now.getTime()) throw new Error('proof: not valid yet');
  if (credential.jti !== credential.id) throw new Error('proof: jti is not id');
  if (credential.exp !== undefined && Number(credential.exp) * 1000 <= now.getTime()) {
    throw new Error('proof: expired');
  }
  // 4. The status, as the Bitstring Status List's validation algorithm reads it.
  const entry = credential.credentialStatus as Record<string, string>;
  if (entry.type !== 'BitstringStatusListEntry' || entry.statusPurpose !== 'revocation') {
    throw new Error('status: not a revocation entry of a Bitstring Status List');
  }
  const listResponse = await fetch(entry.statusListCredential!);
  if (listResponse.status !== 200)
    throw new Error(`status: the list answered ${listResponse.status}`);
  const { credential: list, issuerKey: listKey } = await verifiedJws(await listResponse.text());
  const listSubject = list.credentialSubject as { statusPurpose?: string; encodedList?: string };
  if (
    ![list.type].flat().includes('BitstringStatusListCredential') ||
    list.id !== entry.statusListCredential ||
    list.iss !== issuerId ||
    JSON.stringify(listKey) !== JSON.stringify(issuerKey) ||
    listSubject.statusPurpose !== entry.statusPurpose ||
    Date.parse(String(list.validFrom)) > now.getTime()
  ) {
    throw new Error("status: the list is not the issuer's revocation list, or not valid now");
  }
  if (!listSubject.encodedList?.startsWith('u')) throw new Error('status: not multibase base64url');
  const bits = gunzipSync(Buffer.from(listSubject.encodedList.slice(1), 'base64url'));
  if (bits.length < 16 * 1024) throw new Error('status: the list is shorter than 131,072 bits');
  const index = Number(entry.statusListIndex);
  if (!Number.isInteger(index) || index < 0 || index >= bits.length * 8) {
    throw new Error('status: the index is outside the list');
  }
  return { revoked: (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0 };
}

/**
 * "Verify a Credential": the JOSE header (only alg, kid, jwk and typ allowed), its `kid`
 * dereferenced over HTTP to one JWK (never a private one), the JWS signature checked with it
 * (RFC 7515 §5.2), then the payload as the credential.
 */
async function verifiedJws(compactJws: string) {
  const [header, payload, signature, ...rest] = compactJws.split('.');
  if (!header || !payload || !signature || rest.length > 0)
    throw new Error('proof: not a compact JWS');
  const jose = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  if (Object.keys(jose).some((name) => !['alg', 'kid', 'jwk', 'typ'].includes(name))) {
    throw new Error('proof: a JOSE header that is not allowed');
  }
  if (jose.typ !== undefined && jose.typ !== 'JWT') throw new Error('proof: typ is not JWT');
  if (typeof jose.kid !== 'string') throw new Error('proof: no kid');
  const keyResponse = await fetch(jose.kid);
  if (keyResponse.status !== 200) throw new Error(`proof: the kid answered ${keyResponse.status}`);
  const jwk = (await keyResponse.json()) as JsonWebKey & { keys?: unknown };
  if (jwk.keys !== undefined || typeof jwk.kty !== 'string') {
    throw new Error('proof: the kid is not a single JWK');
  }
  if (jwk.d !== undefined) throw new Error('proof: the JWK is a private key');
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  const signed = Buffer.from(`${header}.${payload}`, 'ascii');
  const bytes = Buffer.from(signature, 'base64url');
  const valid =
    jose.alg === 'EdDSA' && key.asymmetricKeyType === 'ed25519'
      ? verify(null, signed, key, bytes)
      : jose.alg === 'RS256' && key.asymmetricKeyType === 'rsa'
        ? verify('sha256', signed, key, bytes)
        : false;
  if (!valid) throw new Error('proof: the signature is not valid');
  const credential = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return { credential, issuerKey: jwk };
}

const matchesSchema = (() => {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(
    JSON.parse(
      readFileSync('tests/fixtures/open-badges/ob_v3p0_achievementcredential_schema.json', 'utf8'),
    ) as object,
  );
})();

describe('an Open Badges 3.0 verifier that follows the specification’s steps', () => {
  it('verifies a downloaded credential: schema, sub, iss, nbf, the kid as one JWK over HTTP, the signature, the status', async () => {
    const certificate = await issued(site.accounts.verified);
    const jwt = await (await get(`/certificates/${certificate.id}/credential`)).text();
    expect(await verifyOpenBadge(jwt)).toEqual({ revoked: false });

    const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as {
      sub: string;
      credentialSubject: { id: string };
    };
    expect(payload.sub).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // The same certificate's credential names the same subject at every download.
    const again = await (await get(`/certificates/${certificate.id}/credential`)).text();
    expect(again).toBe(jwt);

    const { kid } = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8')) as {
      kid: string;
    };
    const key = await fetch(kid);
    expect(key.headers.get('content-type')).toBe('application/jwk+json');
    expect(key.headers.get('access-control-allow-origin')).toBe('*');
    expect(key.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect((await get('/credentials/keys/no-such-key')).status).toBe(404);
  });

  it('refuses a credential whose payload was changed after signing', async () => {
    const certificate = await issued(site.accounts.forged);
    const [header, payload, signature] = (
      await (await get(`/certificates/${certificate.id}/credential`)).text()
    ).split('.');
    const changed = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as {
      name: string;
    };
    changed.name = 'Master of Everything';
    const forged = [header, Buffer.from(JSON.stringify(changed)).toString('base64url'), signature];
    await expect(verifyOpenBadge(forged.join('.'))).rejects.toThrow(
      'proof: the signature is not valid',
    );
  });
});

describe('revocation', () => {
  it('an admin’s Revoke sets that certificate’s bit in the served list, and not another’s', async () => {
    const revoked = (await site.database.db
      .selectFrom('certificates')
      .select(['id', 'status_index'])
      .where('user_id', '=', site.accounts.holder.id)
      .executeTakeFirstOrThrow()) as { id: string; status_index: number };
    const kept = await issued(site.accounts.other);
    expect(await listedRevoked(revoked.status_index)).toBe(false);

    const response = await fetch(
      `${site.server.origin}/admin/user-details/${site.accounts.holder.id}`,
      {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: site.server.origin, Cookie: site.accounts.admin.cookie },
        body: new URLSearchParams({
          intent: 'revoke-certificate',
          certificateId: revoked.id,
          reason: 'Issued in error',
        }),
      },
    );
    expect(response.status).toBe(302);

    const list = await get('/credentials/status/1');
    expect(list.headers.get('content-type')).toBe('application/vc+jwt');
    expect(list.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await listedRevoked(revoked.status_index)).toBe(true);
    expect(await listedRevoked(kept.statusIndex)).toBe(false);
    const credential = await (await get(`/certificates/${revoked.id}/credential`)).text();
    expect(await verifyOpenBadge(credential)).toEqual({ revoked: true });
  });
});

describe('the signing key at start-up, on a public origin', () => {
  const warning = 'CREDENTIAL_SIGNING_KEY is not set';

  it('warns in one line when the key is kept in the database', async () => {
    const started = await startServer(PUBLIC_ORIGIN_ENV);
    try {
      expect(started.output().split(warning)).toHaveLength(2);
    } finally {
      await started.stop();
    }
  });

  it('says nothing with CREDENTIAL_SIGNING_KEY, and never prints the key', async () => {
    const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    const started = await startServer({
      ...PUBLIC_ORIGIN_ENV,
      LOG_LEVEL: 'debug',
      CREDENTIAL_SIGNING_KEY: JSON.stringify(jwk),
    });
    try {
      expect(started.output()).not.toContain(warning);
      expect(started.output()).not.toContain(jwk.d);
    } finally {
      await started.stop();
    }
  });
});
