import { randomBytes } from 'node:crypto';

export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** A rendered page's scripts carry its per-request nonce; a prerendered page's are hashed. */
export type ScriptPolicy =
  | { nonce: string }
  | {
      /**
       * sha256 (base64) of each inline script: the page's bytes are fixed, so it can be
       * compressed once and served as it is.
       */
      scriptHashes: readonly string[];
    };

export type ContentSecurityPolicyOptions = ScriptPolicy & {
  https: boolean;
  development: boolean;
  /**
   * Where Pay Now's form may lead besides this site: the payment provider's checkout.
   * Chromium applies `form-action` to the redirect that answers a form's POST, so
   * `POST /checkout` could not send the buyer there otherwise.
   */
  checkoutOrigins: readonly string[];
  /** The only third-party frames: the about-us video's host, loaded after the visitor's click. */
  frameOrigins: readonly string[];
};

export type SecurityHeaderOptions = ContentSecurityPolicyOptions & { path: string };

export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const scriptSrc = options.development
    ? "'self' 'unsafe-inline'"
    : 'scriptHashes' in options
      ? `'self'${options.scriptHashes.map((hash) => ` 'sha256-${hash}'`).join('')}`
      : `'self' 'nonce-${options.nonce}'`;
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${options.development ? ' ws: wss:' : ''}`,
    `frame-src ${options.frameOrigins.join(' ') || "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    `form-action 'self'${options.checkoutOrigins.map((origin) => ` ${origin}`).join('')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * What acts on documents only (CSP, framing, referrer, permissions and opener policies): a
 * served file (a script, a style, an image) drops them, since repeating ~700 bytes of them
 * on every script would cost each page load several kilobytes.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Referrer-Policy',
  'Permissions-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
] as const;

/**
 * Headers for every response, chosen for a document: whatever a path looks like, it may be
 * answered by a page (a 404 at `/admin/x.js`). What serves a file removes
 * `DOCUMENT_ONLY_HEADERS`.
 * `/auth/*` gets no Cross-Origin-Opener-Policy at all: in Chromium any COOP on the sign-in
 * popup's documents severs `window.opener`.
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  if (options.https) {
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  headers['Content-Security-Policy'] = contentSecurityPolicy(options);
  headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
  headers['Permissions-Policy'] =
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
  headers['X-Frame-Options'] = 'DENY';
  if (!isSignInPath(options.path)) {
    headers['Cross-Origin-Opener-Policy'] = 'same-origin-allow-popups';
  }
  return headers;
}

export function isSignInPath(path: string): boolean {
  return path === '/auth' || path.startsWith('/auth/');
}
