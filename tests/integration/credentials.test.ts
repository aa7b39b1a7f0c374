/**
 * Credentials through the compiled server (issue 31): a visitor downloads a certificate's
 * credential, which `jose` verifies against the key set as served over HTTP; the public
 * documents answer with their types and caching; an admin's Revoke sets the certificate's
 * bit in the served status list and not another's; unknown ids are 404. On SQLite, and on
 * PostgreSQL in its pass.
 */
import { generateKeyPairSync } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { issueCertificate } from '~/features/certificates/certificates.server';
import type { Account } from '../support/accounts';
import { startServer } from '../support/server-process';
import { useServerWithAccounts } from '../support/server-with-admin';

const site = useServerWithAccounts({
  admin: { access: 'admin', name: 'Ada Admin' },
  holder: { access: 'level-1', name: 'Tobi Graduate' },
  other: { access: 'level-1', name: 'Other Graduate' },
});

const get = (path: string) => fetch(`${site.server.origin}${path}`, { redirect: 'manual' });

async function issued(account: Account): Promise<{ id: string; statusIndex: number }> {
  const { certificate } = await issueCertificate(site.database.db, {
    userId: account.id,
    name: account.email.split('@')[0]!,
    note: 'Issued for the credentials test',
    admin: { id: site.accounts.admin.id, name: 'Ada Admin' },
  });
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
  });
});

describe('the signing key at start-up, on a public origin', () => {
  const publicSite = {
    GOOGLE_CLIENT_ID: 'client-id',
    GOOGLE_CLIENT_SECRET: 'client-secret',
    // Nothing is signed in or sent in this test: the values only have to be valid.
    OIDC_ISSUER: 'https://issuer.invalid',
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'hello@example.com',
    ORIGIN: 'https://academy.example',
  };
  const warning = 'CREDENTIAL_SIGNING_KEY is not set';

  it('warns in one line when the key is kept in the database', async () => {
    const started = await startServer(publicSite);
    try {
      expect(started.output().split(warning)).toHaveLength(2);
    } finally {
      await started.stop();
    }
  });

  it('says nothing with CREDENTIAL_SIGNING_KEY, and never prints the key', async () => {
    const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    const started = await startServer({
      ...publicSite,
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
