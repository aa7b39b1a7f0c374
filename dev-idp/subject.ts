import { createHash } from 'node:crypto';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Deterministic subject for an e-mail address: the same (trimmed, lower-cased) address
 * always maps to the same subject. Its own module so the demo seed can use it without
 * loading oidc-provider.
 */
export function subjectForEmail(email: string): string {
  const digest = createHash('sha256').update(normalizeEmail(email), 'utf8').digest('hex');
  return `dev-${digest.slice(0, 24)}`;
}
