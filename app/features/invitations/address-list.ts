import { addressKey, isDeliverableAddress } from '~/lib/mail-address';

/** The addresses an admin pasted or uploaded: the good ones (once each) and the bad, by line. */
export interface AddressList {
  valid: string[];
  invalid: { line: number; value: string }[];
}

/** At most this many addresses in one go: a class, not a mailing list. */
export const MAX_INVITATIONS = 500;

function collect(lines: { line: number; values: string[] }[]): AddressList {
  const seen = new Set<string>();
  const list: AddressList = { valid: [], invalid: [] };
  for (const { line, values } of lines) {
    for (const raw of values) {
      const value = raw.trim().replace(/^<|>$/g, '');
      if (!value) continue;
      // ASCII lower-casing of an NFKC-normal address; a look-alike has no key and is refused.
      const address = addressKey(value);
      if (!address || !isDeliverableAddress(address)) {
        list.invalid.push({ line, value: raw.trim() });
      } else if (!seen.has(address)) {
        seen.add(address);
        list.valid.push(address);
      }
    }
  }
  return list;
}

/** One address per line, or several separated by commas, semicolons or spaces. */
export function parseAddressText(text: string): AddressList {
  return collect(
    text.split(/\r\n|\r|\n/).map((content, index) => ({
      line: index + 1,
      values: content.split(/[\s,;]+/),
    })),
  );
}

/** RFC 4180 rows: quoted fields may hold commas, quotes (doubled) and line breaks. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === '') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export const CSV_WITHOUT_EMAIL =
  'The CSV file has no "email" column: its first row must name the columns, one of them email.';

/** The `email` column of a CSV file (its header names it, in any case), line by line. */
export function parseAddressCsv(text: string): AddressList | { error: string } {
  const rows = parseCsvRows(text.replace(/^\uFEFF/, ''));
  const column = rows[0]?.findIndex((name) => name.trim().toLowerCase() === 'email') ?? -1;
  if (column < 0) return { error: CSV_WITHOUT_EMAIL };
  return collect(
    rows.slice(1).map((row, index) => ({ line: index + 2, values: [row[column] ?? ''] })),
  );
}

/** An entry that is not an address, and where it was: the typed list or the CSV file. */
export interface NotAnAddress {
  line: number;
  value: string;
  in: 'list' | 'csv';
}

/**
 * The addresses typed and those of the CSV file's email column, once each, and the entries
 * that are not addresses; a CSV file without an email column is refused whole.
 */
export function gatherAddresses(
  typed: string,
  csv: string | undefined,
): { emails: string[]; invalid: NotAnAddress[] } | { error: string } {
  const list = parseAddressText(typed);
  const fromCsv = csv ? parseAddressCsv(csv) : { valid: [], invalid: [] };
  if ('error' in fromCsv) return fromCsv;
  return {
    emails: [...new Set([...list.valid, ...fromCsv.valid])],
    invalid: [
      ...list.invalid.map((bad) => ({ ...bad, in: 'list' as const })),
      ...fromCsv.invalid.map((bad) => ({ ...bad, in: 'csv' as const })),
    ],
  };
}
