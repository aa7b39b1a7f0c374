import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
} from 'jose';
import { describe, expect, it } from 'vitest';
import {
  findCertificate,
  issueCertificate,
  revokeCertificate,
} from '~/features/certificates/certificates.server';
import { deleteAccount } from '~/features/account/account-deletion.server';
import { loader as credentialLoader } from '~/routes/certificate-credential';
import { loader as achievementLoader } from '~/routes/credentials/achievement';
import { loader as issuerLoader } from '~/routes/credentials/issuer';
import { loader as keysLoader } from '~/routes/credentials/keys-json';
import { loader as signingKeyLoader } from '~/routes/credentials/signing-key';
import { loader as statusLoader } from '~/routes/credentials/status-list';
import { admin, insertUser } from '../../../tests/support/factories';
import { testEngine, useTestDatabase } from '../../../tests/support/test-database';
import { openDatabase } from '~/db/database.server';
import {
  certificateSubjectId,
  checkCertificateCredential,
  credentialOfCertificate,
  identityHash,
  nameBasedUuid,
  verifyCredential,
} from './credentials.server';
import { ISSUER_KEYS_PATH, STATUS_LIST_PATH, credentialPath } from './credential-links';
import {
  activeSigningKey,
  newKeyPair,
  publishedKeySet,
  rotateSigningKey,
} from './signing-keys.server';
import {
  STATUS_LIST_MIN_BITS,
  encodeStatusList,
  signedStatusList,
  statusBit,
} from './status-list.server';
import { accepted } from '../../../tests/support/accepted';

const database = useTestDatabase();
const origin = 'https://academy.example';

/** What a route loader needs of the running server, and nothing else. */
function routeArgs(params: Record<string, string> = {}) {
  return {
    params,
    request: new Request(`${origin}/`),
    context: {
      db: database.db,
      env: { ORIGIN: origin },
      log: {},
      session: () => Promise.resolve({}),
      cspNonce: 'nonce',
    },
  } as never;
}

/** A loader's answer, or the response it threw (a 404). */
async function answer(call: () => unknown): Promise<Response> {
  try {
    return (await call()) as Response;
  } catch (thrown) {
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}

/** The key set exactly as a verifier downloads it. */
async function servedKeySet(): Promise<JSONWebKeySet> {
  return (await (await answer(() => keysLoader(routeArgs()))).json()) as JSONWebKeySet;
}

async function servedStatusList(): Promise<string> {
  return (await answer(() => statusLoader(routeArgs()))).text();
}

async function download(certificateId: string): Promise<Response> {
  return answer(() => credentialLoader(routeArgs({ id: certificateId })));
}

/** What the certificate's page shows of its credential. */
async function checkOf(certificateId: string) {
  const certificate = await findCertificate(database.db, certificateId);
  return checkCertificateCredential(database.db, origin, certificate!);
}

async function certified(email: string, name = 'Tobiloba Adé') {
  const student = await insertUser(database.db, { email, access: 'level-1' });
  const { certificate } = accepted(
    await issueCertificate(database.db, {
      userId: student.id,
      name,
      note: 'Issued for the credential tests',
      admin,
    }),
  );
  return { student, certificate };
}

const thirdParty = (url: string) => {
  if (url !== `${origin}${STATUS_LIST_PATH}`) throw new Error(`unexpected ${url}`);
  return servedStatusList();
};

describe('the signing key', () => {
  it('two instances starting at once end with one active generated key', async () => {
    const keys = await Promise.all(
      [1, 2, 3, 4].map(() => activeSigningKey(database.db, origin, {})),
    );
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    expect(keys[0]!.source).toBe('database');
    const active = await database.db
      .selectFrom('credential_keys')
      .select('kid')
      .where('active', '=', 1)
      .execute();
    expect(active).toHaveLength(1);
  });

  it('is published as a public key only, at its own address named by its thumbprint, which is its id', async () => {
    const keySet = await servedKeySet();
    const own = keySet.keys.filter((key) => !key.kid!.includes('#'));
    expect(own.length).toBeGreaterThan(0);
    for (const key of own) {
      expect(key).not.toHaveProperty('d');
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(key.kid).toMatch(new RegExp(`^${origin}/credentials/keys/[A-Za-z0-9_-]{43}$`));
      const thumbprint = key.kid!.split('/').pop()!;
      const served = await signingKeyLoader(routeArgs({ thumbprint }));
      expect(served.headers.get('content-type')).toBe('application/jwk+json');
      expect(await served.json()).toEqual(key);
      // The set lists it again under the id credentials signed before decision 066 name.
      expect(keySet.keys).toContainEqual({
        ...key,
        kid: `${origin}${ISSUER_KEYS_PATH}#${thumbprint}`,
      });
    }
    expect(keySet.keys).toHaveLength(own.length * 2);
  });

  it('still verifies a credential whose kid is the former key-set fragment', async () => {
    const { privateJwk, thumbprint } = await newKeyPair();
    const environment = { CREDENTIAL_SIGNING_KEY: JSON.stringify(privateJwk) };
    await activeSigningKey(database.db, origin, environment);
    const older = await new SignJWT({ name: 'signed before decision 066' })
      .setProtectedHeader({ alg: 'EdDSA', kid: `${origin}${ISSUER_KEYS_PATH}#${thumbprint}` })
      .sign(await importJWK(privateJwk, 'EdDSA'));
    await expect(jwtVerify(older, createLocalJWKSet(await servedKeySet()))).resolves.toBeTruthy();
  });

  it("CREDENTIAL_SIGNING_KEY's key signs, is recorded without its private part, and is not rotated here", async () => {
    const { privateJwk, thumbprint } = await newKeyPair();
    const environment = { CREDENTIAL_SIGNING_KEY: JSON.stringify(privateJwk) };
    const key = await activeSigningKey(database.db, origin, environment);
    expect(key.source).toBe('environment');
    expect(key.kid).toBe(`${origin}/credentials/keys/${thumbprint}`);
    const row = await database.db
      .selectFrom('credential_keys')
      .selectAll()
      .where('kid', '=', thumbprint)
      .executeTakeFirstOrThrow();
    expect(row.private_jwk).toBeNull();
    expect(row.public_jwk).not.toContain(privateJwk.d);
    expect(JSON.stringify(await publishedKeySet(database.db, origin, environment))).not.toContain(
      privateJwk.d,
    );
    expect(await rotateSigningKey(database.db, environment)).toMatchObject({
      rotated: false,
      reason: 'environment-key',
    });
  });
});

describe('a certificate’s credential', () => {
  it('downloads as a VC-JWT file that jose verifies against the served keys', async () => {
    const { certificate } = await certified('tobi.credential@example.com');
    const response = await download(certificate.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/vc+jwt');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="frontend-developer-bootcamp-${certificate.id}.jwt"`,
    );
    const jwt = await response.text();
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await servedKeySet()), {
      issuer: `${origin}/credentials/issuer`,
    });
    expect(payload).toMatchObject({
      id: `${origin}/certificates/${certificate.id}`,
      jti: `${origin}/certificates/${certificate.id}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: `${origin}/credentials/issuer`, type: ['Profile'], url: origin },
      validFrom: certificate.issued_at.replace(/\.\d{3}Z$/, 'Z'),
      nbf: Math.floor(Date.parse(certificate.issued_at) / 1000),
      credentialStatus: {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: String(certificate.status_index),
        statusListCredential: `${origin}${STATUS_LIST_PATH}`,
      },
      sub: certificateSubjectId(certificate.id),
      credentialSubject: {
        id: certificateSubjectId(certificate.id),
        type: ['AchievementSubject'],
        achievement: {
          id: `${origin}/credentials/achievements/frontend`,
          type: ['Achievement'],
          name: 'FrontEnd Developer Bootcamp',
          image: { id: `${origin}/media/certificate-share.png`, type: 'Image' },
        },
      },
    });
    expect(await verifyCredential(jwt, await servedKeySet(), thirdParty)).toMatchObject({
      verified: true,
      revoked: false,
    });
  });

  it("matches 1EdTech's JSON Schema of an OpenBadgeCredential", async () => {
    const { certificate } = await certified('schema@example.com');
    const payload = decodeJwt(await (await download(certificate.id)).text());
    const schema = JSON.parse(
      readFileSync('tests/fixtures/open-badges/ob_v3p0_achievementcredential_schema.json', 'utf8'),
    ) as object;
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const valid = validate(payload);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('names its holder by a salted hash of the address, never the address', async () => {
    const email = 'Private.Person@example.com';
    const { certificate } = await certified(email);
    const jwt = await (await download(certificate.id)).text();
    const payload = decodeJwt(jwt);
    expect(JSON.stringify(payload).toLowerCase()).not.toContain('private.person');
    const salt = certificate.identity_salt!;
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(payload.credentialSubject).toMatchObject({
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'emailAddress',
          hashed: true,
          identityHash: identityHash(email, salt),
          salt,
        },
        {
          type: 'IdentityObject',
          identityType: 'name',
          hashed: false,
          identityHash: 'Tobiloba Adé',
        },
      ],
    });
    expect(identityHash(email, salt)).toMatch(/^sha256\$[0-9a-f]{64}$/);
  });

  it('fails verification once its payload is altered, even with the original signature', async () => {
    const { certificate } = await certified('altered@example.com', 'Real Name');
    const jwt = await (await download(certificate.id)).text();
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const altered = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      credentialSubject: { identifier: { identityHash: string }[] };
    };
    altered.credentialSubject.identifier[1]!.identityHash = 'Someone Else';
    const forged = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`;
    const keySet = await servedKeySet();
    await expect(jwtVerify(forged, createLocalJWKSet(keySet))).rejects.toThrow(/signature/);
    expect(await verifyCredential(forged, keySet, thirdParty)).toMatchObject({ verified: false });
  });

  it('gets a bit of its own: two certificates issued at once never share one', async () => {
    const students = await Promise.all(
      [1, 2, 3, 4].map((n) => insertUser(database.db, { email: `race${n}@example.com` })),
    );
    const issued = await Promise.all(
      students.map((student) =>
        issueCertificate(database.db, { userId: student.id, name: 'Race', note: 'race', admin }),
      ),
    );
    const indices = issued.map((answer) => accepted(answer).certificate.status_index);
    expect(indices.every((index) => Number.isInteger(index))).toBe(true);
    expect(new Set(indices).size).toBe(indices.length);
  });

  it('404 for an unknown certificate, achievement or status list', async () => {
    expect((await download('no-such-certificate-00')).status).toBe(404);
    expect(await credentialOfCertificate(database.db, origin, 'no-such-certificate-00')).toBeNull();
    expect((await answer(() => achievementLoader(routeArgs({ track: 'backend' })))).status).toBe(
      404,
    );
    expect(credentialPath('abc')).toBe('/certificates/abc/credential');
    const key = await answer(() => signingKeyLoader(routeArgs({ thumbprint: 'A'.repeat(43) })));
    expect(key.status).toBe(404);
  });

  it('serves the issuer profile and each track’s achievement as JSON-LD', async () => {
    const issuer = await answer(() => issuerLoader(routeArgs()));
    expect(issuer.headers.get('Content-Type')).toBe('application/ld+json');
    expect(await issuer.json()).toMatchObject({
      id: `${origin}/credentials/issuer`,
      type: ['Profile'],
    });
    const fullstack = await answer(() => achievementLoader(routeArgs({ track: 'fullstack' })));
    expect(await fullstack.json()).toMatchObject({
      id: `${origin}/credentials/achievements/fullstack`,
      name: 'FullStack Developer Bootcamp',
      criteria: { narrative: expect.stringContaining('quizzes are practice') as string },
    });
  });
});

describe('revocation', () => {
  it('sets the revoked certificate’s bit in the signed status list, and not another’s', async () => {
    const { certificate: revoked } = await certified('revoked@example.com');
    const { certificate: kept } = await certified('kept@example.com');
    const jwt = await (await download(revoked.id)).text();
    await revokeCertificate(database.db, revoked.id, { reason: 'Issued in error', admin });

    const response = await answer(() => statusLoader(routeArgs()));
    expect(response.headers.get('Content-Type')).toBe('application/vc+jwt');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
    const { payload: list } = await jwtVerify(
      await response.text(),
      createLocalJWKSet(await servedKeySet()),
    );
    expect(list).toMatchObject({
      id: `${origin}${STATUS_LIST_PATH}`,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    const { encodedList } = list.credentialSubject as { encodedList: string };
    expect(statusBit(encodedList, revoked.status_index!)).toBe(true);
    expect(statusBit(encodedList, kept.status_index!)).toBe(false);

    expect(await verifyCredential(jwt, await servedKeySet(), thirdParty)).toMatchObject({
      verified: true,
      revoked: true,
    });
    expect(await checkOf(revoked.id)).toEqual({
      signatureVerified: true,
      revoked: true,
    });
    expect(await checkOf(kept.id)).toEqual({
      signatureVerified: true,
      revoked: false,
    });
  });

  it('is the same signed list on every call, and on another instance, for the same data', async () => {
    const served = await servedStatusList();
    expect(await servedStatusList()).toBe(served);
    if (testEngine() === 'postgres') {
      // Another instance: its own connection pool on the same database.
      const other = openDatabase(database.url);
      try {
        expect(await signedStatusList(other.db, origin)).toBe(served);
      } finally {
        await other.close();
      }
    }
  });

  it('offers no credential once its holder withdrew it by deleting their account; the list says revoked', async () => {
    const { student, certificate } = await certified('withdrawn@example.com');
    await deleteAccount(database.db, { userId: student.id, typedEmail: 'withdrawn@example.com' });
    expect((await download(certificate.id)).status).toBe(404);
    expect(await checkOf(certificate.id)).toEqual({
      signatureVerified: null,
      revoked: true,
    });
  });
});

describe('the bitstring', () => {
  it('is at least 131,072 bits, GZIP then multibase base64url, bit 0 the first byte’s highest', () => {
    const encoded = encodeStatusList([0, 9]);
    expect(encoded.startsWith('u')).toBe(true);
    const bytes = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(bytes.length * 8).toBe(STATUS_LIST_MIN_BITS);
    expect(bytes[0]).toBe(0b1000_0000);
    expect(bytes[1]).toBe(0b0100_0000);
    expect([0, 1, 8, 9].map((index) => statusBit(encoded, index))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});

describe('the subject’s id', () => {
  it('is a version 5 UUID of the certificate’s id: the same for a certificate, another for another', () => {
    // RFC 9562's test vector: www.example.com in the DNS namespace.
    expect(nameBasedUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
    expect(certificateSubjectId('certificate-a')).toBe(certificateSubjectId('certificate-a'));
    expect(certificateSubjectId('certificate-a')).not.toBe(certificateSubjectId('certificate-b'));
    expect(certificateSubjectId('certificate-a')).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('key rotation', () => {
  it('keeps a credential signed before rotate-key verifying after it', async () => {
    const { certificate } = await certified('rotation@example.com');
    const before = await (await download(certificate.id)).text();
    const outcome = await rotateSigningKey(database.db, {});
    expect(outcome.rotated).toBe(true);
    const after = await (await download(certificate.id)).text();
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
    const keySet = await servedKeySet();
    for (const jwt of [before, after]) {
      await expect(jwtVerify(jwt, createLocalJWKSet(keySet))).resolves.toBeTruthy();
      expect(await verifyCredential(jwt, keySet, thirdParty)).toMatchObject({ verified: true });
    }
  });
});
