import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator, migrateToLatest, type DatabaseHandle } from '~/db/database.server';
import { createTestDatabase } from '../../../tests/support/test-database';
import { queryCounter } from '../../../tests/support/query-counter';
import { insertCohort, insertUser, insertUsers } from '../../../tests/support/factories';
import { ACCESS_LEVELS, type Access } from '~/db/schema';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import {
  hasFilters,
  parseUserSearch,
  userExportHref,
  userSearchQuery,
  withKnownCohort,
  type UserSearch,
} from './user-search';
import {
  containsText,
  countMatches,
  likePattern,
  matchingUsers,
  searchUsers,
  withListColumns,
} from './user-search.server';

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
    await insertUser(handle.db, {
      name,
      email,
      created_at: new Date(Date.UTC(2026, 0, 1, index)).toISOString(),
    });
  }
  for (let index = 0; index < 20; index += 1) {
    await insertUser(handle.db, {
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

describe('the Cohort column', () => {
  it('names each user’s cohort, as the plain and the filtered search read it; none stays none', async () => {
    const own = await createTestDatabase();
    try {
      await insertCohort(own.db, {
        id: 'january-2027-cohort',
        name: 'January 2027 Cohort',
        startDate: '2027-01-12',
      });
      for (const [index, cohort] of ['january-2027-cohort', 'cohort-1', 'none'].entries()) {
        await insertUser(own.db, {
          name: `Placed ${index}`,
          cohort,
          access: 'level-1',
          created_at: new Date(Date.UTC(2026, 0, 1, index)).toISOString(),
        });
      }
      const cohorts = (page: Awaited<ReturnType<typeof searchUsers>>) =>
        page.users.map((user) => [user.name, user.cohort, user.cohortName]);
      const shown = [
        ['Placed 2', 'none', 'none'],
        ['Placed 1', 'cohort-1', 'Cohort 1'],
        ['Placed 0', 'january-2027-cohort', 'January 2027 Cohort'],
      ];
      expect(cohorts(await searchUsers(own.db, { q: 'placed', page: 1 }))).toEqual(shown);
      expect(cohorts(await searchUsers(own.db, { q: '', access: 'level-1', page: 1 }))).toEqual(
        shown,
      );
    } finally {
      await own.close();
    }
  });
});

/** Searches of every length and kind, compared with a plain scan of the table. */
/** A user as the list shows them, as a test inserted them. */
interface Listed {
  id: string;
  name: string;
  email: string;
  access: Access;
  cohort: string;
  created_at: string;
}

/** Whether the list should show `user` for `search`, worked out here from the row inserted. */
function matches(user: Listed, search: Pick<UserSearch, 'q' | 'access' | 'cohort'>): boolean {
  return (
    (search.access === undefined || user.access === search.access) &&
    (search.cohort === undefined || user.cohort === search.cohort) &&
    `${user.name}\u0001${user.email}`.toLowerCase().includes(search.q.toLowerCase())
  );
}

/** The list's order: newest first, the larger id first between two of the same moment. */
function newestFirst(a: Listed, b: Listed): number {
  return a.created_at === b.created_at
    ? b.id.localeCompare(a.id)
    : b.created_at.localeCompare(a.created_at);
}

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
    const ada = await insertUser(counts.db, { name: 'Ada Lovelace', email: 'ada@engine.example' });
    await insertUser(counts.db, { name: 'Zoë "Zed" O\'Brien', email: 'zoe@école.example' });
    await insertUser(counts.db, { name: 'Ada Ada', email: 'ADA.ADA@example.com' });
    await insertUser(counts.db, { name: 'Percy 100% Sure_\\', email: 'percy@example.com' });
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
      await insertUser(counts.db, {
        name: `Learner ${index} Ñandú`,
        email: `l${index}@Example.org`,
      });
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

describe('access and cohort filters', () => {
  let filtered: DatabaseHandle;
  const people: Listed[] = [];
  const FILTERS: Pick<UserSearch, 'access' | 'cohort'>[] = [];
  for (const access of [undefined, ...ACCESS_LEVELS]) {
    for (const cohort of [undefined, 'none', 'cohort-1', 'cohort-2']) {
      FILTERS.push({ access, cohort });
    }
  }
  const FILTER_PROBES = ['', 'a', 'ad', 'ada', 'lovelace', '%', '_', 'student', 'nobody'];

  beforeAll(async () => {
    filtered = await createTestDatabase();
    const named = [
      ['Ada Lovelace', 'ada@engine.example', 'level-1', 'cohort-1'],
      ['Ada Admin', 'ada.admin@example.com', 'admin', 'none'],
      ['Percy 100% Sure', 'percy@example.com', 'level-1', 'cohort-2'],
      ['Percy Plain', 'plain%@example.com', 'none', 'none'],
      ['Under_Score', 'under@example.com', 'none', 'cohort-2'],
    ] as const;
    for (const [index, [name, email, access, cohort]] of named.entries()) {
      people.push({
        id: `named-${index}`,
        name,
        email,
        access,
        cohort,
        created_at: new Date(Date.UTC(2026, 0, 1, index)).toISOString(),
      });
    }
    // Enough users that a rare filter is read through its index and a common one walks the
    // created_at index, with some sharing one creation time (the order falls back to id).
    for (let index = 0; index < 2_600; index += 1) {
      people.push({
        id: `student-${String(index).padStart(4, '0')}`,
        name: `Student ${index}`,
        email: `student${index}@school.example`,
        access: index % 50 === 0 ? 'level-1' : 'none',
        cohort: index % 130 === 0 ? 'cohort-2' : index % 3 === 0 ? 'cohort-1' : 'none',
        created_at: new Date(Date.UTC(2026, 1, 1) + Math.floor(index / 4) * 60_000).toISOString(),
      });
    }
    await insertUsers(filtered.db, people);
  });
  afterAll(() => filtered.close());

  /** What a search should find, worked out here from the rows inserted. */
  function expected(search: Pick<UserSearch, 'q' | 'access' | 'cohort'>): Listed[] {
    return people.filter((user) => matches(user, search)).sort(newestFirst);
  }

  it('keep only the users with that access, cohort or both, and count only them', async () => {
    const level1 = await searchUsers(filtered.db, { q: '', access: 'level-1', page: 1 });
    expect(level1.total).toBe(2 + 52);
    expect(level1.users.every((user) => user.access === 'level-1')).toBe(true);
    const admins = await searchUsers(filtered.db, { q: '', access: 'admin', page: 1 });
    expect(admins.users.map((user) => user.name)).toEqual(['Ada Admin']);
    const cohort2 = await searchUsers(filtered.db, { q: '', cohort: 'cohort-2', page: 1 });
    expect(cohort2.total).toBe(2 + 20);
    expect(cohort2.users.every((user) => user.cohort === 'cohort-2')).toBe(true);
    const both = await searchUsers(filtered.db, {
      q: '',
      access: 'level-1',
      cohort: 'cohort-2',
      page: 1,
    });
    expect(both.users.map((user) => user.id)).toEqual(
      expected({ q: '', access: 'level-1', cohort: 'cohort-2' }).map((user) => user.id),
    );
    expect(both.total).toBe(both.users.length);
  });

  it('combine with the search text, % and _ matching themselves', async () => {
    const ada = await searchUsers(filtered.db, { q: 'ADA', access: 'level-1', page: 1 });
    expect(ada.users.map((user) => user.name)).toEqual(['Ada Lovelace']);
    expect(ada.total).toBe(1);
    const percent = await searchUsers(filtered.db, { q: '%', access: 'level-1', page: 1 });
    expect(percent.users.map((user) => user.name)).toEqual(['Percy 100% Sure']);
    const percentNone = await searchUsers(filtered.db, { q: '%', access: 'none', page: 1 });
    expect(percentNone.users.map((user) => user.name)).toEqual(['Percy Plain']);
    const underscore = await searchUsers(filtered.db, { q: '_', cohort: 'cohort-2', page: 1 });
    expect(underscore.users.map((user) => user.name)).toEqual(['Under_Score']);
    expect(
      await searchUsers(filtered.db, { q: 'nobody', access: 'none', cohort: 'none', page: 2 }),
    ).toMatchObject({ users: [], total: 0, page: 1, pageCount: 1 });
  });

  it('count and page exactly as a plain scan would, for every filter, search and plan', async () => {
    for (const filter of FILTERS) {
      for (const q of FILTER_PROBES) {
        const matches = expected({ q, ...filter });
        const pageCount = Math.max(1, Math.ceil(matches.length / 10));
        // The first page, a middle one (a deeper walk), the last, and one past the end.
        for (const page of new Set([1, Math.ceil(pageCount / 2), pageCount, pageCount + 5])) {
          const result = await searchUsers(filtered.db, { q, ...filter, page });
          const shown = Math.min(page, pageCount);
          const label = { q, ...filter, page };
          expect({ label, total: result.total, page: result.page }).toEqual({
            label,
            total: matches.length,
            page: shown,
          });
          expect({ label, ids: result.users.map((user) => user.id) }).toEqual({
            label,
            ids: matches.slice((shown - 1) * 10, shown * 10).map((user) => user.id),
          });
          expect(result.firstNumber).toBe((shown - 1) * 10 + 1);
        }
      }
    }
  });
});

describe('parseUserSearch with filters', () => {
  it('reads access and cohort, and falls back to all of them on bad values', () => {
    expect(
      parseUserSearch(new URLSearchParams('q=ada&access=level-1&cohort=cohort-1&page=3')),
    ).toEqual({ q: 'ada', access: 'level-1', cohort: 'cohort-1', page: 3 });
    for (const query of ['access=root', 'access=', 'access=LEVEL-1', 'cohort=', 'cohort=A%20B']) {
      const search = parseUserSearch(new URLSearchParams(query));
      expect(search.access).toBeUndefined();
      expect(search.cohort).toBeUndefined();
    }
    expect(parseUserSearch(new URLSearchParams(`cohort=${'x'.repeat(81)}`)).cohort).toBeUndefined();
  });

  it('keeps only a cohort that exists', () => {
    const cohorts = [{ value: 'none' }, { value: 'cohort-1' }];
    const search = { q: '', page: 1, cohort: 'cohort-9' };
    expect(withKnownCohort(search, cohorts).cohort).toBeUndefined();
    expect(withKnownCohort({ ...search, cohort: 'none' }, cohorts).cohort).toBe('none');
  });

  it('writes filters into the list and export URLs, leaving out defaults', () => {
    expect(userSearchQuery({ q: 'a b', access: 'admin', cohort: 'none', page: 2 })).toBe(
      '?q=a+b&access=admin&cohort=none&page=2',
    );
    expect(userSearchQuery({ q: '', page: 1 })).toBe('');
    expect(userExportHref({ q: '%', access: 'level-1' })).toBe(
      '/admin/users.csv?q=%25&access=level-1',
    );
    expect(userExportHref({ q: '' })).toBe('/admin/users.csv');
  });

  it('reads progress=complete, and anything else as no progress filter', () => {
    expect(parseUserSearch(new URLSearchParams('q=ada&progress=complete&page=2'))).toEqual({
      q: 'ada',
      progress: 'complete',
      page: 2,
    });
    for (const query of ['progress=', 'progress=all', 'progress=Complete', 'progress=8']) {
      expect(parseUserSearch(new URLSearchParams(query)).progress).toBeUndefined();
    }
    expect(hasFilters({ progress: 'complete' })).toBe(true);
    expect(hasFilters({})).toBe(false);
    expect(
      userSearchQuery({ q: 'a', access: 'level-1', cohort: 'none', progress: 'complete', page: 2 }),
    ).toBe('?q=a&access=level-1&cohort=none&progress=complete&page=2');
    expect(userExportHref({ q: '', progress: 'complete' })).toBe(
      '/admin/users.csv?progress=complete',
    );
  });
});

describe('progress: the N/8 column and the "completed all" filter', () => {
  interface Learner extends Listed {
    /** The numbered steps completed, as the list should count them. */
    progress: number;
  }
  const SLUGS = NUMBERED_STEPS.map((step) => step.slug);
  let db: DatabaseHandle;
  const learners: Learner[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const completions: { user_id: string; step: string; completed_at: string }[] = [];
    for (let index = 0; index < 60; index += 1) {
      const id = `learner-${String(index).padStart(2, '0')}`;
      // Every other learner completed all eight; some of the rest seven of them plus steps
      // without a number (which do not count), some a few, some none.
      let steps: string[];
      if (index % 2 === 0) steps = index % 4 === 0 ? [...SLUGS, 'home'] : [...SLUGS];
      else if (index % 6 === 1) steps = [...SLUGS.slice(1), 'home', 'html-css-quiz'];
      else if (index % 6 === 3) steps = SLUGS.slice(0, index % 8);
      else steps = [];
      const progress = steps.filter((step) => (SLUGS as string[]).includes(step)).length;
      learners.push({
        id,
        name: index % 5 === 0 ? `Ada Learner ${index}` : `Learner ${index}`,
        email: `learner${index}@school.example`,
        access: index === 10 ? 'admin' : index % 4 === 0 ? 'level-1' : 'none',
        cohort: index % 3 === 0 ? 'cohort-1' : 'none',
        // Three at a time share a creation time: the order falls back to id.
        created_at: new Date(Date.UTC(2026, 2, 1) + Math.floor(index / 3) * 60_000).toISOString(),
        progress,
      });
      for (const step of steps) {
        completions.push({ user_id: id, step, completed_at: '2026-03-10T00:00:00.000Z' });
      }
    }
    await db.db
      .insertInto('users')
      .values(learners.map(({ progress: _progress, ...user }) => user))
      .execute();
    await db.db.insertInto('step_completions').values(completions).execute();
  });
  afterAll(() => db.close());

  function expected(search: Pick<UserSearch, 'q' | 'access' | 'cohort' | 'progress'>): Learner[] {
    return learners
      .filter(
        (user) =>
          matches(user, search) &&
          (search.progress === undefined || user.progress === SLUGS.length),
      )
      .sort(newestFirst);
  }

  it('shows how many numbered steps each user on the page completed, in one query', async () => {
    const counted = queryCounter(db.db);
    for (let page = 1; page <= 6; page += 1) {
      counted.queries = 0;
      const result = await searchUsers(counted.db, { q: '', page });
      // The count, the page, and the progress, the track and the cohorts' names of its ten
      // users.
      expect(counted.queries).toBe(5);
      const want = expected({ q: '' }).slice((page - 1) * 10, page * 10);
      expect(result.users.map((user) => [user.id, user.progress])).toEqual(
        want.map((user) => [user.id, user.progress]),
      );
    }
    const values = new Set(learners.map((user) => user.progress));
    // Eight, seven (with two steps that have no number), a few, none.
    expect([...values].sort()).toEqual([0, 1, 3, 5, 7, 8]);
    expect(await withListColumns(db.db, [])).toEqual([]);
  });

  it('keeps only the users who completed all eight, counted exactly, alone or combined', async () => {
    const complete = await searchUsers(db.db, { q: '', progress: 'complete', page: 1 });
    expect(complete.total).toBe(30);
    expect(complete.pageCount).toBe(3);
    expect(complete.users.every((user) => user.progress === 8)).toBe(true);

    const searches: Pick<UserSearch, 'q' | 'access' | 'cohort' | 'progress'>[] = [];
    for (const progress of [undefined, 'complete'] as const) {
      for (const access of [undefined, 'none', 'level-1', 'admin'] as const) {
        for (const cohort of [undefined, 'none', 'cohort-1']) {
          for (const q of ['', 'ada', 'learner 1', 'nobody']) {
            searches.push({ q, access, cohort, progress });
          }
        }
      }
    }
    for (const search of searches) {
      const matches = expected(search);
      const pageCount = Math.max(1, Math.ceil(matches.length / 10));
      for (const page of new Set([1, pageCount, pageCount + 1])) {
        const result = await searchUsers(db.db, { ...search, page });
        const shown = Math.min(page, pageCount);
        const label = { ...search, page };
        expect({ label, total: result.total, page: result.page }).toEqual({
          label,
          total: matches.length,
          page: shown,
        });
        expect({ label, users: result.users.map((user) => [user.id, user.progress]) }).toEqual({
          label,
          users: matches
            .slice((shown - 1) * 10, shown * 10)
            .map((user) => [user.id, user.progress]),
        });
      }
    }
  });

  it('counts only the numbered steps: seven of them and two others is not all', async () => {
    const ids = (
      await matchingUsers(db.db, { q: 'learner 1', progress: 'complete' }, 'none')
        .select('id')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    // learner-01 and learner-13 have eight or more rows, but seven numbered steps.
    expect(ids).toEqual(['learner-10', 'learner-12', 'learner-14', 'learner-16', 'learner-18']);
  });
});
