import { site } from '~/content/site';
import type { Track } from '~/db/schema';
import {
  CERTIFICATE_SHARE_IMAGE,
  TRACK_COURSE_NAMES,
  certificatePath,
} from '~/features/certificates/certificate-links';
import { certificateRequirements } from '~/features/certificates/certificate-form';
import { ISSUER_PROFILE_PATH, STATUS_LIST_PATH, achievementPath } from './credential-links';

/**
 * The documents of Open Badges 3.0 (1EdTech) on the Verifiable Credentials Data Model 2.0,
 * built from data alone: no key, no database, no clock. Decision 051.
 */

const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
const OPEN_BADGES_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

/** A track of the academy: one that has a course name (and so an achievement). */
export function isTrack(value: string): value is Track {
  return Object.hasOwn(TRACK_COURSE_NAMES, value);
}

/** The academy as an Open Badges `Profile`: the `issuer` of every credential. */
export function issuerProfile(origin: string) {
  return {
    '@context': [VC_CONTEXT, OPEN_BADGES_CONTEXT],
    id: `${origin}${ISSUER_PROFILE_PATH}`,
    type: ['Profile'],
    name: site.name,
    url: origin,
    email: site.email.display,
  };
}

/**
 * What it takes, as `issueCertificate` decides it: every numbered step and every project of
 * the track (decision 070), or an admin's decision with a reason kept with the certificate.
 * Quizzes are not required.
 */
export function criteriaNarrative(track: Track): string {
  const required = certificateRequirements(track);
  return `Awarded by ${site.name} on completion of the ${TRACK_COURSE_NAMES[track]}: all ${required.steps} numbered steps of the course completed and all ${required.projects} course projects reviewed and approved by a mentor. The academy may award it before then, for a reason it records with the certificate. The quizzes are practice and are not required.`;
}

/** What a track's certificate attests, the same in every credential of that track. */
export function achievement(origin: string, track: Track) {
  const name = TRACK_COURSE_NAMES[track];
  return {
    id: `${origin}${achievementPath(track)}`,
    type: ['Achievement'],
    achievementType: 'Certificate',
    name,
    description: `Certificate of completion of the ${name}, an online web-development programme of ${site.name}.`,
    criteria: { narrative: criteriaNarrative(track) },
    image: { id: `${origin}${CERTIFICATE_SHARE_IMAGE}`, type: 'Image', caption: name },
  };
}

/** The same document as served alone at its `id` (with its contexts). */
export function achievementDocument(origin: string, track: Track) {
  return { '@context': [VC_CONTEXT, OPEN_BADGES_CONTEXT], ...achievement(origin, track) };
}

export interface CredentialFacts {
  certificateId: string;
  /** The holder's `urn:uuid:` for this certificate (`certificateSubjectId`). */
  subjectId: string;
  /** The name as printed on the certificate. */
  name: string;
  track: Track;
  /** ISO timestamp of the issue. */
  issuedAt: string;
  /** `sha256$<hex>` of the holder's address and the salt. */
  identityHash: string;
  salt: string;
  statusIndex: number;
}

/** ISO 8601 without milliseconds: `validFrom` and the JWT's `nbf` name the same second. */
function credentialDateTime(timestamp: string): string {
  return new Date(timestamp).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A certificate as an `OpenBadgeCredential`. Its holder is named by the name printed on the
 * certificate and by their e-mail address salted and hashed (never the address itself): a
 * verifier who knows the address and reads the salt can check it is theirs.
 */
export function openBadgeCredential(origin: string, facts: CredentialFacts) {
  const courseName = TRACK_COURSE_NAMES[facts.track];
  return {
    '@context': [VC_CONTEXT, OPEN_BADGES_CONTEXT],
    id: `${origin}${certificatePath(facts.certificateId)}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${courseName}: certificate of completion`,
    description: `${facts.name} completed the ${courseName} at ${site.name}.`,
    issuer: {
      id: `${origin}${ISSUER_PROFILE_PATH}`,
      type: ['Profile'],
      name: site.name,
      url: origin,
    },
    validFrom: credentialDateTime(facts.issuedAt),
    credentialSubject: {
      id: facts.subjectId,
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'emailAddress',
          hashed: true,
          identityHash: facts.identityHash,
          salt: facts.salt,
        },
        {
          type: 'IdentityObject',
          identityType: 'name',
          hashed: false,
          identityHash: facts.name,
        },
      ],
      achievement: achievement(origin, facts.track),
    },
    credentialStatus: {
      id: `${origin}${STATUS_LIST_PATH}#${facts.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(facts.statusIndex),
      statusListCredential: `${origin}${STATUS_LIST_PATH}`,
    },
  };
}

/**
 * The revocation list as a `BitstringStatusListCredential` (W3C Bitstring Status List).
 * `validFrom` comes from the data, so every instance builds the same document.
 */
export function statusListCredential(
  origin: string,
  list: { encodedList: string; validFrom: string },
) {
  const id = `${origin}${STATUS_LIST_PATH}`;
  return {
    '@context': [VC_CONTEXT],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: `${origin}${ISSUER_PROFILE_PATH}`,
    validFrom: credentialDateTime(list.validFrom),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: list.encodedList,
    },
  };
}

/**
 * The JWT claims the Open Badges JSON Web Token proof format asks for beside the
 * credential: `iss` = issuer, `sub` = the subject's `id`, `jti` = id, `nbf` = validFrom.
 */
export function jwtClaims(credential: {
  id: string;
  issuer: string | { id: string };
  validFrom: string;
  credentialSubject: { id?: string };
}) {
  return {
    iss: typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id,
    sub: credential.credentialSubject.id,
    jti: credential.id,
    nbf: Math.floor(Date.parse(credential.validFrom) / 1000),
  };
}
