/**
 * The headers of the issuer's public documents (profile, achievements, keys, status list):
 * anyone's verifier may read them, a browser-based wallet included, and caches may keep
 * them for a few minutes (a revocation shows within that time).
 */
export function publicDocumentHeaders(contentType: string): HeadersInit {
  return {
    'Content-Type': contentType,
    'Cache-Control': 'public, max-age=300',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** The profile and the achievements are JSON-LD documents (they carry an `@context`). */
export const JSON_LD = 'application/ld+json';

/** A single key (RFC 7517's media type for a JWK). */
export const JWK_JSON = 'application/jwk+json';
