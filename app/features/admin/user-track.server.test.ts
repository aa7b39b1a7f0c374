import { describe, expect, it } from 'vitest';
import type { User } from '~/db/schema';
import { insertEnrolment, insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { readExportBatch } from './user-export.server';
import { searchUsers } from './user-search.server';

const handle = useTestDatabase();

/** One person on each track, and people whose enrolment no longer holds one. */
async function people() {
  const tag = Math.random().toString(36).slice(2, 8);
  const person = (name: string) => insertUser(handle.db, { name: `${name} ${tag}` });
  const enrol = (user: User, fields: Partial<Parameters<typeof insertEnrolment>[1]>) =>
    insertEnrolment(handle.db, {
      userId: user.id,
      orderId: null,
      id: `enr-${user.id}-${fields.track ?? 'frontend'}`,
      ...fields,
    });
  const frontend = await person('Frontend');
  await enrol(frontend, {});
  const fullstack = await person('Fullstack');
  await enrol(fullstack, { track: 'fullstack', planId: 'fsd-upfront', status: 'overdue' });
  const both = await person('Both');
  await enrol(both, {});
  await enrol(both, { track: 'fullstack', planId: 'fullstack-grant', source: 'admin' });
  const refunded = await person('Refunded');
  await enrol(refunded, { track: 'fullstack', status: 'refunded' });
  const nobody = await person('Nobody');
  return { tag, frontend, fullstack, both, refunded, nobody };
}

describe('the admin list’s Track (decision 047)', () => {
  it('shows each person’s track and filters by it, counted exactly; the export has the column', async () => {
    const { tag, frontend, fullstack, both, refunded, nobody } = await people();
    const names = async (track?: 'frontend' | 'fullstack' | 'none') => {
      const page = await searchUsers(handle.db, { q: tag, track, page: 1 });
      expect(page.total).toBe(page.users.length);
      return page.users.map((user) => [user.name.split(' ')[0], user.track]).sort();
    };
    expect(await names()).toEqual([
      ['Both', 'fullstack'],
      ['Frontend', 'frontend'],
      ['Fullstack', 'fullstack'],
      ['Nobody', 'none'],
      ['Refunded', 'none'],
    ]);
    expect(await names('fullstack')).toEqual([
      ['Both', 'fullstack'],
      ['Fullstack', 'fullstack'],
    ]);
    expect(await names('frontend')).toEqual([['Frontend', 'frontend']]);
    expect(await names('none')).toEqual([
      ['Nobody', 'none'],
      ['Refunded', 'none'],
    ]);
    const exported = await readExportBatch(handle.db, { q: tag }, undefined, 10);
    const trackOf = new Map(exported.map((row) => [row.id, row.track]));
    expect(
      [frontend, fullstack, both, refunded, nobody].map((user) => trackOf.get(user.id)),
    ).toEqual(['frontend', 'fullstack', 'fullstack', 'none', 'none']);
    const onlyFullstack = await readExportBatch(
      handle.db,
      { q: tag, track: 'fullstack' },
      undefined,
      10,
    );
    expect(onlyFullstack.map((row) => row.id).sort()).toEqual([fullstack.id, both.id].sort());
  });
});
