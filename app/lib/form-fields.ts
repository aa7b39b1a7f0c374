/**
 * Field schemas that several forms share (client-safe). Each takes its form's own words,
 * so a message names what the person was filling in.
 */

import { z } from '~/lib/zod';
import { isCalendarDay } from '~/lib/days';

/**
 * What a form that is not one of the page's own is told (a body that is no form, an unknown
 * button, a field only a tampered form leaves out or mistypes): one message, whatever the page.
 */
export const FORM_UNREADABLE = 'The form could not be read. Reload the page and try again.';

/**
 * An optional text field: a missing field and an empty one are the same (a form sends
 * `''` for an empty input, a tampered one may send nothing at all).
 */
export const formText = (message: string) => z.string({ error: message }).optional().default('');

/**
 * Control characters a person does not type (PostgreSQL refuses NUL in text): plain text
 * keeps tabs and line breaks, a link has none.
 */
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const TYPED_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** Plain text up to `max` characters, trimmed, its line breaks kept. */
export const plainText = (max: number, messages: { tooLong: string; invalid: string }) =>
  formText(messages.invalid).pipe(
    z.string().trim().max(max, messages.tooLong).regex(TYPED_TEXT, messages.invalid),
  );

/**
 * What was typed in a field, trimmed, checked by `check` (a field a tampered form leaves out
 * is empty, and refused like one). An optional field left empty is null, without the check.
 */
function typedField<Output>(
  message: string,
  check: z.ZodType<Output, string>,
  { optional = false }: { optional?: boolean },
) {
  return formText(message).pipe(
    z
      .string()
      .trim()
      .transform((typed) => (optional && typed === '' ? null : typed))
      .pipe(check.nullable()),
  );
}

/** The longest link a form takes: longer than any real meeting, repository or site address. */
export const LINK_MAX = 2000;

/** What a link field says beside its own "Enter the link to …" message. */
export const LINK_MESSAGES = {
  tooLong: `A link can be at most ${LINK_MAX.toLocaleString('en-US')} characters.`,
  /** `https://name:password@…`: a link is shared, a password in it would be too. */
  credentials:
    'Remove the name and password from the link: send a link anyone you share it with can open.',
} as const;

/**
 * What a link never holds, anywhere in it (decision 059): control and format characters
 * (`Cc`, `Cf`: zero-width ones, the soft hyphen, the byte-order mark, bidirectional marks,
 * embeddings, overrides and isolates), surrogates, private-use and unassigned code points,
 * any space or separator, and the letters that draw nothing (the combining grapheme joiner,
 * the Hangul fillers, variation selectors). Each can make a link read as another one.
 */
const INVISIBLE_OR_SPACE =
  // eslint-disable-next-line no-misleading-character-class -- each joiner and selector alone
  /[\p{C}\p{Z}\u034f\u115f\u1160\u3164\uffa0\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;

/** The scheme and authority as typed: `https://` and what comes before the path. */
const TYPED_ORIGIN = /^https:\/\/([^/?#]*)/i;

/** A letter of the Latin script, and a letter of any script. */
const LATIN_LETTER = /\p{Script=Latin}/u;
const ANY_LETTER = /\p{L}/u;
// eslint-disable-next-line no-control-regex -- any character past ASCII
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * A label typed in Unicode that the parser wrote in punycode as it is: already in the form
 * the IDNA mapping gives (NFKC, lower case: a full-width `ｇ` is not a `g`), and not mixing
 * Latin letters with another script's (`pаypal` with a Cyrillic `а`).
 */
function isPlainUnicodeLabel(label: string, parsed: string): boolean {
  const letters = [...label].filter((character) => ANY_LETTER.test(character));
  return (
    parsed.startsWith('xn--') &&
    NON_ASCII.test(label) &&
    label === label.normalize('NFKC').toLowerCase() &&
    (letters.every((letter) => LATIN_LETTER.test(letter)) ||
      letters.every((letter) => !LATIN_LETTER.test(letter)))
  );
}

/**
 * Whether the link's host and port are what the person typed, so that the parser does not
 * read another host than the eye does (`evil.com\@github.com`, `https:github.com`,
 * `git%68ub.com`, full-width letters, a number for an address, `:443` that it drops). A
 * host typed in punycode is compared as it is; one typed in Unicode label by label, each of
 * its labels plain (`isPlainUnicodeLabel`). Letter case is no look-alike and is ignored.
 */
function hostIsAsTyped(url: URL, typed: string): boolean {
  const authority = TYPED_ORIGIN.exec(typed)?.[1]?.toLowerCase();
  if (authority === undefined) return false;
  if (authority === url.host) return true;
  const port = url.port ? `:${url.port}` : '';
  if (!authority.endsWith(port)) return false;
  const typedLabels = authority.slice(0, authority.length - port.length).split('.');
  const parsedLabels = url.hostname.split('.');
  return (
    typedLabels.length === parsedLabels.length &&
    typedLabels.every(
      (label, index) =>
        label === parsedLabels[index] || isPlainUnicodeLabel(label, parsedLabels[index]!),
    )
  );
}

/**
 * A link people share: `https://`, within LINK_MAX characters, without a name or password in
 * it, with no invisible or bidirectional character, and read by the WHATWG URL parser as the
 * host that was typed; `invalid` is the field's own message for anything else (or for
 * nothing, while it is required). An optional one may be left empty (then null). What was
 * typed is kept, not the parser's serialisation.
 */
export function httpsLink(invalid: string, options: { optional?: boolean } = {}) {
  return typedField(
    invalid,
    z
      .string()
      .max(LINK_MAX, LINK_MESSAGES.tooLong)
      .superRefine((value, context) => {
        const url = URL.canParse(value) ? new URL(value) : undefined;
        if (!url || url.protocol !== 'https:' || !url.hostname || INVISIBLE_OR_SPACE.test(value)) {
          context.addIssue({ code: 'custom', message: invalid });
        } else if (url.username || url.password) {
          context.addIssue({ code: 'custom', message: LINK_MESSAGES.credentials });
        } else if (!hostIsAsTyped(url, value)) {
          context.addIssue({ code: 'custom', message: invalid });
        }
      }),
    options,
  );
}

/** Digits only (no sign, point or exponent), from `min` to `max`. */
const digits = (message: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

/**
 * A whole number typed in a field, from `min` to `max`. An optional one may be left empty
 * (then null).
 */
export function wholeNumber(
  message: string,
  min: number,
  max: number,
  options: { optional?: boolean } = {},
) {
  return typedField(message, digits(message, min, max), options);
}

/** A date field: a day on the calendar. An optional one may be left empty (then null). */
export function calendarDay(message: string, options: { optional?: boolean } = {}) {
  return typedField(message, z.string().refine(isCalendarDay, message), options);
}
