import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { Kysely } from 'kysely';
import type { Certificate, Database } from '~/db/schema';
import { TRACK_COURSE_NAMES } from '~/features/certificates/certificate-links';
import { WITHDRAWN_REASON, findCertificate } from '~/features/certificates/certificates.server';
import { ISSUER_PROFILE_PATH, STATUS_LIST_PATH } from './credential-links';
import { isTrack, jwtClaims, openBadgeCredential } from './open-badge';
import { signCredential } from './signing.server';
import { SIGNING_ALGORITHM, publishedKeySet } from './signing-keys.server';
import { signedStatusList, statusBit } from './status-list.server';

export interface CertificateCredential {
  /** The signed credential as the file holds it (a compact JWS, VC-JWT). */
  jwt: string;
  /** e.g. `frontend-developer-bootcamp-<certificateId>.jwt` */
  filename: string;
  /** 'application/vc+jwt' */
  mediaType: string;
}

const CREDENTIAL_MEDIA_TYPE = 'application/vc+jwt';

/** `sha256$<hex>` of the address (trimmed, lower case) followed by the salt (Open Badges' IdentityHash). */
export function identityHash(email: string, salt: string): string {
  return `sha256$${createHash('sha256')
    .update(email.trim().toLowerCase() + salt, 'utf8')
    .digest('hex')}`;
}

/** The namespace of the academy's certificate subjects (a random UUID, fixed for good). */
const SUBJECT_NAMESPACE = 'abc4fb2f-25bf-419f-aba6-e46c7f4ff76c';

/** A name-based UUID (version 5, RFC 9562 §5.5: SHA-1) of `name` in `namespace`. */
export function nameBasedUuid(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

/**
 * The holder of a certificate as the credential's `credentialSubject.id` and the JWT's
 * `sub`: `urn:uuid:` and a UUID named by the certificate's id, so every download of one
 * certificate names the same subject, and two certificates of one person name two that
 * nobody can link (decision 066).
 */
export function certificateSubjectId(certificateId: string): string {
  return `urn:uuid:${nameBasedUuid(SUBJECT_NAMESPACE, certificateId)}`;
}

/**
 * Whether a certificate offers a credential: every one issued (valid or revoked: the
 * credential then says revoked through its status), except one its holder withdrew by
 * deleting their account, whose name and address are gone (decision 051).
 */
function offersCredential(
  certificate: Certificate,
): certificate is Certificate & { status_index: number; identity_salt: string } {
  return (
    certificate.status_index !== null &&
    certificate.identity_salt !== null &&
    certificate.revoked_reason !== WITHDRAWN_REASON
  );
}

async function signedCredentialOf(
  db: Kysely<Database>,
  origin: string,
  certificate: Certificate & { status_index: number; identity_salt: string },
): Promise<string | null> {
  const holder = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', certificate.user_id)
    .executeTakeFirst();
  if (!holder || !isTrack(certificate.track)) return null;
  const credential = openBadgeCredential(origin, {
    certificateId: certificate.id,
    subjectId: certificateSubjectId(certificate.id),
    name: certificate.name,
    track: certificate.track,
    issuedAt: certificate.issued_at,
    identityHash: identityHash(holder.email, certificate.identity_salt),
    salt: certificate.identity_salt,
    statusIndex: certificate.status_index,
  });
  return signCredential(db, origin, credential);
}

/** Null when no certificate has this id, or it offers no credential (see `offersCredential`). */
export async function credentialOfCertificate(
  db: Kysely<Database>,
  origin: string,
  certificateId: string,
): Promise<CertificateCredential | null> {
  const certificate = await findCertificate(db, certificateId);
  if (!certificate || !offersCredential(certificate)) return null;
  const jwt = await signedCredentialOf(db, origin, certificate);
  if (!jwt) return null;
  const course = TRACK_COURSE_NAMES[certificate.track].toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { jwt, filename: `${course}-${certificate.id}.jwt`, mediaType: CREDENTIAL_MEDIA_TYPE };
}

export interface CredentialCheck {
  /**
   * The signature checked with the published keys, by the same code a third party would run
   * (jose); null when the certificate offers no credential (its holder withdrew it).
   */
  signatureVerified: boolean | null;
  /** The certificate's bit in the published status list, decoded as the Bitstring Status List spec says. */
  revoked: boolean;
}

export type CredentialVerification =
  | { verified: true; credential: JWTPayload; revoked: boolean }
  | { verified: false; reason: string };

interface StatusEntry {
  type?: unknown;
  statusPurpose?: unknown;
  statusListIndex?: unknown;
  statusListCredential?: unknown;
}

/**
 * What a verifier does with a VC-JWT credential, using only what the issuer publishes: the
 * signature against the key set (jose), the Open Badges claims against the credential, then
 * the status list's own signature and the credential's bit in it.
 */
export async function verifyCredential(
  jwt: string,
  keySet: JSONWebKeySet,
  fetchStatusList: (url: string) => Promise<string>,
): Promise<CredentialVerification> {
  const keys = createLocalJWKSet(keySet);
  let credential: JWTPayload;
  try {
    ({ payload: credential } = await jwtVerify(jwt, keys, { algorithms: [SIGNING_ALGORITHM] }));
  } catch (error) {
    return { verified: false, reason: `signature: ${(error as Error).message}` };
  }
  const issuer = credential.issuer as { id?: unknown } | string | undefined;
  if (
    typeof credential.id !== 'string' ||
    typeof credential.validFrom !== 'string' ||
    !issuer ||
    typeof credential.credentialSubject !== 'object' ||
    credential.credentialSubject === null
  ) {
    return { verified: false, reason: 'not a credential' };
  }
  const claims = jwtClaims(credential as Parameters<typeof jwtClaims>[0]);
  if (
    credential.iss !== claims.iss ||
    credential.sub !== claims.sub ||
    credential.jti !== claims.jti ||
    credential.nbf !== claims.nbf
  ) {
    return { verified: false, reason: 'the JWT claims do not match the credential' };
  }
  const entry = credential.credentialStatus as StatusEntry | undefined;
  if (
    entry?.type !== 'BitstringStatusListEntry' ||
    entry.statusPurpose !== 'revocation' ||
    typeof entry.statusListCredential !== 'string' ||
    typeof entry.statusListIndex !== 'string'
  ) {
    return { verified: false, reason: 'no revocation status' };
  }
  try {
    const revoked = await listedBit(keys, fetchStatusList, {
      url: entry.statusListCredential,
      index: Number(entry.statusListIndex),
      issuer: claims.iss,
    });
    return { verified: true, credential, revoked };
  } catch (error) {
    return { verified: false, reason: `status list: ${(error as Error).message}` };
  }
}

/** A bit of a signed revocation list, once the list's signature and issuer are checked. */
async function listedBit(
  keys: ReturnType<typeof createLocalJWKSet>,
  fetchStatusList: (url: string) => Promise<string>,
  entry: { url: string; index: number; issuer: string },
): Promise<boolean> {
  const { payload: list } = await jwtVerify(await fetchStatusList(entry.url), keys, {
    algorithms: [SIGNING_ALGORITHM],
    issuer: entry.issuer,
  });
  const subject = list.credentialSubject as { statusPurpose?: unknown; encodedList?: unknown };
  if (
    list.id !== entry.url ||
    subject.statusPurpose !== 'revocation' ||
    typeof subject.encodedList !== 'string'
  ) {
    throw new Error('it is not a revocation list at its own address');
  }
  return statusBit(subject.encodedList, entry.index);
}

/**
 * What a verifier finds about a certificate's credential, for its public page: the page's
 * loader has read the certificate already, so it is passed in.
 */
export async function checkCertificateCredential(
  db: Kysely<Database>,
  origin: string,
  certificate: Certificate,
): Promise<CredentialCheck> {
  // The key set and the list as the site serves them, read back as JSON a verifier gets.
  const keySet = JSON.parse(JSON.stringify(await publishedKeySet(db, origin))) as JSONWebKeySet;
  const statusListUrl = `${origin}${STATUS_LIST_PATH}`;
  const fetchStatusList = async (url: string) => {
    if (url !== statusListUrl) throw new Error(`not this site's status list: ${url}`);
    return signedStatusList(db, origin);
  };
  const jwt = offersCredential(certificate)
    ? await signedCredentialOf(db, origin, certificate)
    : null;
  const verification = jwt ? await verifyCredential(jwt, keySet, fetchStatusList) : null;
  if (verification?.verified) return { signatureVerified: true, revoked: verification.revoked };
  // No credential, or one that failed: the list still says whether it is revoked.
  const revoked =
    certificate.status_index === null
      ? certificate.revoked_at !== null
      : await listedBit(createLocalJWKSet(keySet), fetchStatusList, {
          url: statusListUrl,
          index: certificate.status_index,
          issuer: `${origin}${ISSUER_PROFILE_PATH}`,
        });
  return { signatureVerified: jwt ? false : null, revoked };
}
