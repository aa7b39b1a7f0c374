import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/database.server';
import type { EnrolmentStatus, NewUser } from '~/db/schema';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import { createTestDatabase } from '../../../tests/support/test-database';
import { queryCounter } from '../../../tests/support/query-counter';
import { insertEnrolment, insertUsers } from '../../../tests/support/factories';
import { EXPORT_BATCH_SIZE, csvField, csvRecord } from './csv-export.server';
import { exportFileName, userExportStream } from './user-export.server';
import type { UserSearch } from './user-search';
import { searchUsers } from './user-search.server';

/** An RFC 4180 reader, to check what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else {
      field += char;
    }
  }
  expect(field === '' && record.length === 0, 'the text ends with CRLF').toBe(true);
  return records;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('CSV fields', () => {
  it('quote commas, quotes and line breaks as RFC 4180 has it', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('')).toBe('');
    expect(csvField('Smith, Ada')).toBe('"Smith, Ada"');
    expect(csvField('Ada "The Countess"')).toBe('"Ada ""The Countess"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvRecord(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('put a quote mark before what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvField('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    // Only at the start: inside a value these are plain characters.
    expect(csvField('ada+tag@example.com')).toBe('ada+tag@example.com');
    expect(csvField('Mary-Jane')).toBe('Mary-Jane');
  });

  it('name the file after the day', () => {
    expect(exportFileName(new Date('2026-11-22T23:59:59Z'))).toBe('users-2026-11-22.csv');
  });
});

describe('the user export', () => {
  let handle: DatabaseHandle;
  const TIES = EXPORT_BATCH_SIZE + 300;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const users: NewUser[] = [
      {
        id: 'formula',
        name: '=cmd|"/c calc"!A1',
        email: '@evil.example',
        access: 'level-1',
        cohort: 'cohort-1',
        created_at: '2026-03-01T09:00:00.000Z',
      },
      {
        id: 'quoted',
        name: 'Ada "Countess", Lovelace\nof Ockham',
        email: '-ada@example.com',
        access: 'level-1',
        cohort: 'none',
        created_at: '2026-03-01T08:00:00.000Z',
      },
      {
        id: 'percent',
        name: 'Percy 100% Sure',
        email: 'percy@example.com',
        access: 'none',
        cohort: 'cohort-1',
        created_at: '2026-03-01T07:00:00.000Z',
      },
      {
        id: 'admin',
        name: 'Olu Admin',
        email: 'olu@example.com',
        access: 'admin',
        cohort: 'none',
        created_at: '2026-03-01T06:00:00.000Z',
      },
    ];
    // More users than a batch holds, many created at the same millisecond: the batches
    // must neither repeat nor skip anyone where one ends inside a run of equal times.
    for (let index = 0; index < TIES; index += 1) {
      users.push({
        id: `tie-${String(index).padStart(5, '0')}`,
        name: `Tied Learner ${index}`,
        email: `tied${index}@school.example`,
        access: index % 7 === 0 ? 'level-1' : 'none',
        cohort: index % 5 === 0 ? 'cohort-1' : 'none',
        created_at: new Date(Date.UTC(2026, 1, 1) + Math.floor(index / 400) * 1000).toISOString(),
      });
    }
    await insertUsers(handle.db, users);
    const enrol = (id: string, userId: string, status: EnrolmentStatus, at: string) =>
      insertEnrolment(handle.db, { id, userId, orderId: null, status, source: 'admin', at });
    // The latest enrolment counts, whatever the order the rows were written in.
    await enrol('e-2', 'formula', 'active', '2026-04-01T00:00:00.000Z');
    await enrol('e-1', 'formula', 'refunded', '2026-03-02T00:00:00.000Z');
    await enrol('e-3', 'quoted', 'overdue', '2026-03-05T00:00:00.000Z');
    // Progress: more users completed all eight steps than a batch holds; `quoted` did seven.
    const completions: { user_id: string; step: string; completed_at: string }[] = [];
    const complete = (userId: string, steps = NUMBERED_STEPS) => {
      for (const step of steps) {
        completions.push({
          user_id: userId,
          step: step.slug,
          completed_at: '2026-03-10T00:00:00Z',
        });
      }
    };
    complete('formula');
    complete('percent');
    complete('quoted', NUMBERED_STEPS.slice(1));
    for (let index = 0; index < TIES; index += 1) {
      if (index % 8 !== 7) complete(`tie-${String(index).padStart(5, '0')}`);
    }
    for (let start = 0; start < completions.length; start += 1_000) {
      await handle.db
        .insertInto('step_completions')
        .values(completions.slice(start, start + 1_000))
        .execute();
    }
  });
  afterAll(() => handle.close());

  /** Every page of the admin list for a search, as it shows them. */
  async function listed(search: Pick<UserSearch, 'q' | 'access' | 'cohort' | 'progress'>) {
    const first = await searchUsers(handle.db, { ...search, page: 1 });
    const users = [...first.users];
    for (let page = 2; page <= first.pageCount; page += 1) {
      users.push(...(await searchUsers(handle.db, { ...search, page })).users);
    }
    return users;
  }

  it('writes a header, then every user with their latest enrolment, escaped', async () => {
    const records = parseCsv(
      await readAll(userExportStream(handle.db, { q: '', access: 'level-1' })),
    );
    expect(records[0]!.join(',')).toBe('name,email,access,cohort,joined,enrolment status,track');
    expect(records[1]).toEqual([
      `'=cmd|"/c calc"!A1`,
      "'@evil.example",
      'level-1',
      'cohort-1',
      '2026-03-01',
      'active',
      'frontend',
    ]);
    expect(records[2]).toEqual([
      'Ada "Countess", Lovelace\nof Ockham',
      "'-ada@example.com",
      'level-1',
      'none',
      '2026-03-01',
      'overdue',
      'frontend',
    ]);
    expect(records[3]!.slice(5)).toEqual(['', 'none']);
    expect(records.slice(1).every((record) => record[2] === 'level-1')).toBe(true);
  });

  it('holds exactly the filtered list, every page in the same order', async () => {
    const searches: Pick<UserSearch, 'q' | 'access' | 'cohort' | 'progress'>[] = [
      { q: '' },
      { q: '', access: 'none' },
      { q: '', access: 'level-1', cohort: 'cohort-1' },
      { q: '', access: 'admin' },
      { q: '', cohort: 'cohort-1' },
      { q: 'tied learner 1', access: 'none' },
      { q: '%' },
      { q: '%', access: 'admin' },
      { q: 'nobody' },
      { q: '', progress: 'complete' },
      { q: '', access: 'level-1', progress: 'complete' },
      { q: '', access: 'level-1', cohort: 'cohort-1', progress: 'complete' },
      { q: '%', progress: 'complete' },
      { q: 'tied learner 1', cohort: 'cohort-1', progress: 'complete' },
      { q: '', access: 'admin', progress: 'complete' },
    ];
    for (const search of searches) {
      const records = parseCsv(await readAll(userExportStream(handle.db, search)));
      const expected = await listed(search);
      expect({ search, emails: records.slice(1).map((record) => record[1]) }).toEqual({
        search,
        // What a spreadsheet shows: the value, behind a quote mark where it looks like a formula.
        emails: expected.map((user) =>
          /^[=+\-@]/.test(user.email) ? `'${user.email}` : user.email,
        ),
      });
    }
    const everyone = parseCsv(await readAll(userExportStream(handle.db, { q: '' })));
    expect(everyone).toHaveLength(1 + TIES + 4);
    expect(new Set(everyone.slice(1).map((record) => record[1])).size).toBe(TIES + 4);
  });

  it('holds only the users who completed all eight steps for progress=complete', async () => {
    const records = parseCsv(
      await readAll(userExportStream(handle.db, { q: '', progress: 'complete' })),
    );
    const ids = (await listed({ q: '', progress: 'complete' })).map((user) => user.id);
    const completers = 2 + TIES - Math.floor(TIES / 8);
    expect(ids).toHaveLength(completers);
    expect(ids).toEqual(expect.arrayContaining(['formula', 'percent']));
    expect(ids).not.toContain('quoted');
    expect(ids).not.toContain('admin');
    expect(ids).not.toContain('tie-00007');
    expect(records).toHaveLength(1 + completers);
    expect(records.slice(1).map((record) => record[0])).not.toContain(
      'Ada "Countess", Lovelace\nof Ockham',
    );
    expect(records.slice(1).map((record) => record[1])).not.toContain('olu@example.com');
  });

  it('reads a batch only when the last one has been taken, and stops when cancelled', async () => {
    const counted = queryCounter(handle.db);
    const reader = userExportStream(counted.db, { q: '' }).getReader();
    const header = await reader.read();
    expect(new TextDecoder().decode(header.value)).toBe(
      'name,email,access,cohort,joined,enrolment status,track\r\n',
    );
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value).split('\r\n')).toHaveLength(EXPORT_BATCH_SIZE + 1);
    // The stream may have asked for one batch ahead, not for the whole list.
    expect(counted.queries).toBeLessThanOrEqual(2);
    await reader.cancel();
    await new Promise((done) => setTimeout(done, 50));
    expect(counted.queries).toBeLessThanOrEqual(2);
  });
});
