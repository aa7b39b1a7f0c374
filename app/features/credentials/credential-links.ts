import { certificatePath } from '~/features/certificates/certificate-links';
import type { Track } from '~/db/schema';

/** The credential of a certificate, as a file to download. */
export function credentialPath(certificateId: string): string {
  return `${certificatePath(certificateId)}/credential`;
}

/** The academy as the issuer of every credential (an Open Badges `Profile`). */
export const ISSUER_PROFILE_PATH = '/credentials/issuer';

/** The public keys of every key that ever signed a credential: a JWKS. */
export const ISSUER_KEYS_PATH = '/credentials/keys.json';

/**
 * One signing key alone, a JWK, at the address its credentials' `kid` names (Open Badges
 * dereferences a `kid` to a JWK, not to a key set): by its RFC 7638 thumbprint.
 */
export function signingKeyPath(thumbprint: string): string {
  return `/credentials/keys/${thumbprint}`;
}

/** The revocation status list of every certificate. */
export const STATUS_LIST_PATH = '/credentials/status/1';

/** What a track's certificate attests: the `Achievement` every credential of the track names. */
export function achievementPath(track: Track): string {
  return `/credentials/achievements/${track}`;
}
