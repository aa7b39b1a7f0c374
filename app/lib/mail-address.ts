import { z } from '~/lib/zod';

export interface Mailbox {
  name: string;
  address: string;
}

/** A practical address check (zod's), plus the limits of SMTP: 254 characters, no controls. */
const addressSchema = z.email().max(254);

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export function isDeliverableAddress(address: string): boolean {
  return addressSchema.safeParse(address).success;
}

/**
 * A display name that cannot break out of its header: control characters (CR and LF above
 * all, the way `"Ada\r\nBcc: x@evil"` would add a header) become spaces. Quotes and
 * non-ASCII letters stay; nodemailer quotes or encodes them.
 */
export function safeDisplayName(name: string): string {
  return name.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
}

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * The form in which two addresses are compared where a match grants something
 * (`ADMIN_EMAILS`, invitations): NFKC-normalised and lower-cased in ASCII only. An address
 * that NFKC changes, or that keeps anything but printable ASCII, gets no key and matches
 * nothing: `toLowerCase` would fold the Kelvin sign into `k` (and U+0130 into `i̇`), and a
 * zero-width space or a Cyrillic `а` hides in plain sight, so each is a look-alike here.
 */
export function addressKey(address: string): string | undefined {
  const trimmed = address.trim();
  const normalised = trimmed.normalize('NFKC');
  if (normalised !== trimmed || !PRINTABLE_ASCII.test(normalised)) return undefined;
  return normalised.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

const MAILBOX_WITH_NAME = /^\s*"?([^"<>]*?)"?\s*<([^<>\s]+)>\s*$/;

/** `hello@example.com` or `Frontier Dev Academy <hello@example.com>`; undefined if neither. */
export function parseMailbox(text: string): Mailbox | undefined {
  const withName = MAILBOX_WITH_NAME.exec(text);
  const address = (withName ? withName[2] : text.trim()) ?? '';
  if (!isDeliverableAddress(address)) return undefined;
  return { name: safeDisplayName(withName?.[1] ?? ''), address };
}
