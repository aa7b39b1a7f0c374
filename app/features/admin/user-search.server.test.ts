import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator, migrateToLatest, type DatabaseHandle } from '~/db/database.server';
import { createTestDatabase, insertUser } from '../../../tests/support/test-database';
import { parseUserSearch } from './user-search';
import { containsText, countMatches, likePattern, searchUsers } from './user-search.server';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  const people = [
    ['Grace Hopper', 'grace@navy.example'],
    ['Alan Turing', 'alan@bletchley.example'],
    ['Ada Lovelace', 'ADA@engine.example'],
    ['Percy 100% Sure', 'percy@example.com'],
    ['Under_Score', 'under@example.com'],
    ['Back\\Slash', 'back@example.com'],
  ];
  for (const [index, [name, email]] of people.entries()) {
    await insertUser(handle, {
      name,
      email,
      created_at: new Date(Date.UTC(2026, 0, 1, index)).toISOString(),
    });
  }
  for (let index = 0; index < 20; index += 1) {
    await insertUser(handle, {
      name: `Student ${String(index).padStart(2, '0')}`,
      email: `student${index}@school.example`,
      created_at: new Date(Date.UTC(2026, 1, 1, index)).toISOString(),
    });
  }
});
afterAll(() => handle.close());

const names = async (q: string, page = 1) =>
  (await searchUsers(handle.db, { q, page })).users.map((user) => user.name);

describe('searchUsers', () => {
  it('matches name or e-mail as a case-insensitive substring', async () => {
    expect(await names('GRACE')).toEqual(['Grace Hopper']);
    expect(await names('bletchley')).toEqual(['Alan Turing']);
    expect(await names('ada@')).toEqual(['Ada Lovelace']);
  });

  it('treats %, _ and \\ as themselves', async () => {
    expect(await names('%')).toEqual(['Percy 100% Sure']);
    expect(await names('_')).toEqual(['Under_Score']);
    expect(await names('\\')).toEqual(['Back\\Slash']);
    expect(likePattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });

  it('pages ten at a time, newest first, and counts every match', async () => {
    const first = await searchUsers(handle.db, { q: '', page: 1 });
    expect(first.total).toBe(26);
    expect(first.pageCount).toBe(3);
    expect(first.users).toHaveLength(10);
    expect(first.users[0]!.name).toBe('Student 19');
    const second = await searchUsers(handle.db, { q: '', page: 2 });
    expect(second.firstNumber).toBe(11);
    expect(second.users[0]!.name).toBe('Student 09');
  });

  it('shows the last page for a page past the end, and one empty page for no match', async () => {
    const past = await searchUsers(handle.db, { q: 'student', page: 99 });
    expect(past.page).toBe(2);
    expect(past.users.map((user) => user.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Student ${String(9 - index).padStart(2, '0')}`),
    );
    expect(await searchUsers(handle.db, { q: 'nobody-here', page: 3 })).toMatchObject({
      users: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });
});

/** Searches of every length and kind, compared with a plain scan of the table. */
const PROBES = [
  '',
  'a',
  'A',
  'ad',
  'ada',
  'ADA@',
  'love',
  'ovela',
  'example',
  '%',
  '_',
  '\\',
  '"',
  'é',
  'ö',
  'zz',
  'nobody',
  'o l',
  'n@',
  "o'b",
];

async function expectExactCounts(handle: DatabaseHandle) {
  for (const q of PROBES) {
    const { count } = await handle.db
      .selectFrom('users')
      .where(containsText(handle.db, q))
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    const counted = await countMatches(handle.db, q);
    expect({ q, matches: counted.matches }).toEqual({ q, matches: Number(count) });
    const page = await searchUsers(handle.db, { q, page: 1 });
    expect(page.total).toBe(Number(count));
  }
}

describe('exact counts kept by the database (migration 006)', () => {
  let counts: DatabaseHandle;
  beforeAll(async () => {
    counts = await createTestDatabase();
  });
  afterAll(() => counts.close());

  it('follow every insert, rename and delete, whoever writes', async () => {
    await expectExactCounts(counts);
    const ada = await insertUser(counts, { name: 'Ada Lovelace', email: 'ada@engine.example' });
    await insertUser(counts, { name: 'Zoë "Zed" O\'Brien', email: 'zoe@école.example' });
    await insertUser(counts, { name: 'Ada Ada', email: 'ADA.ADA@example.com' });
    await insertUser(counts, { name: 'Percy 100% Sure_\\', email: 'percy@example.com' });
    await expectExactCounts(counts);
    await counts.db
      .updateTable('users')
      .set({ name: 'Augusta King', email: 'augusta@king.example' })
      .where('id', '=', ada.id)
      .execute();
    await counts.db.updateTable('users').set({ access: 'level-1' }).execute();
    await expectExactCounts(counts);
    await counts.db.deleteFrom('users').where('id', '=', ada.id).execute();
    await expectExactCounts(counts);
    expect((await countMatches(counts.db, '')).everyone).toBe(3);
  });

  it('are built from the users already there when the migration runs', async () => {
    const migrator = await createMigrator(counts.db);
    const down = await migrator.migrateTo('005-postgres-search-key');
    expect(down.error).toBeUndefined();
    for (let index = 0; index < 30; index += 1) {
      await insertUser(counts, { name: `Learner ${index} Ñandú`, email: `l${index}@Example.org` });
    }
    await migrateToLatest(counts.db);
    await expectExactCounts(counts);
    expect((await countMatches(counts.db, 'learner')).matches).toBe(30);
  });
});

describe('parseUserSearch', () => {
  it('trims, caps at 100 characters and falls back on bad pages', () => {
    expect(parseUserSearch(new URLSearchParams('q=%20ada%20&page=2'))).toEqual({
      q: 'ada',
      page: 2,
    });
    expect(parseUserSearch(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
    for (const page of ['0', '-1', 'abc', '1.5']) {
      expect(parseUserSearch(new URLSearchParams(`page=${page}`)).page).toBe(1);
    }
  });
});
