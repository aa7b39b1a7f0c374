import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/support/test-database';
import { insertUser } from '../../../tests/support/factories';
import {
  deleteExpiredSessions,
  endSession,
  hashToken,
  lookupSession,
  startSession,
  type SessionSettings,
} from './session.server';

const settings: SessionSettings = { secure: false, idleDays: 7, maxDays: 30 };
const DAY = 24 * 60 * 60 * 1000;
const handle = useTestDatabase();

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const attributesOf = (setCookie: string) => setCookie.split('; ').slice(1).sort();

describe('sessions', () => {
  it('stores only a hash and finds the user again from the cookie', async () => {
    const user = await insertUser(handle.db, { name: 'Kemi' });
    const setCookie = await startSession(handle.db, user.id, null, settings);
    expect(setCookie).toMatch(/^session=[\w-]{43}; /);
    expect(attributesOf(setCookie)).toEqual(
      ['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax'].sort(),
    );
    const token = cookieOf(setCookie).slice('session='.length);
    const rows = await handle.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((row) => row.id_hash)).toEqual([hashToken(token)]);
    const lookup = await lookupSession(handle.db, cookieOf(setCookie), settings);
    expect(lookup.user?.name).toBe('Kemi');
  });

  it('says with the session whether its person mentors a cohort, read afresh each time', async () => {
    const user = await insertUser(handle.db, { name: 'Maya' });
    const cookie = cookieOf(await startSession(handle.db, user.id, null, settings));
    expect((await lookupSession(handle.db, cookie, settings)).user?.mentorsACohort).toBe(false);
    const staff = { user_id: user.id, cohort_id: 'cohort-1', role: 'mentor' as const };
    await handle.db
      .insertInto('cohort_staff')
      .values({ ...staff, added_by: 'admin-1', added_at: '2026-11-25T10:00:00.000Z' })
      .execute();
    expect((await lookupSession(handle.db, cookie, settings)).user?.mentorsACohort).toBe(true);
    await handle.db.deleteFrom('cohort_staff').where('user_id', '=', user.id).execute();
    expect((await lookupSession(handle.db, cookie, settings)).user?.mentorsACohort).toBe(false);
  });

  it('is Secure and __Host- prefixed on https', async () => {
    const user = await insertUser(handle.db);
    const setCookie = await startSession(handle.db, user.id, null, { ...settings, secure: true });
    expect(setCookie).toMatch(/^__Host-session=[\w-]{43}; /);
    expect(attributesOf(setCookie)).toEqual(
      ['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax', 'Secure'].sort(),
    );
  });

  it('treats a forged, malformed or missing cookie as a visitor', async () => {
    expect(await lookupSession(handle.db, undefined, settings)).toEqual({
      user: null,
      clearCookie: false,
    });
    expect(await lookupSession(handle.db, 'session=not-a-session', settings)).toEqual({
      user: null,
      clearCookie: true,
    });
    expect(await lookupSession(handle.db, `session=${'A'.repeat(43)}`, settings)).toEqual({
      user: null,
      clearCookie: true,
    });
  });

  it('ends after the idle timeout and after the absolute timeout', async () => {
    const user = await insertUser(handle.db);
    const start = new Date('2026-01-01T00:00:00.000Z');
    const idle = cookieOf(await startSession(handle.db, user.id, null, settings, { now: start }));
    expect(
      (await lookupSession(handle.db, idle, settings, new Date(start.getTime() + 6 * DAY))).user,
    ).not.toBeNull();
    // Used on day 6, so idle counts from there: day 12 is fine, day 14 is not.
    expect(
      (await lookupSession(handle.db, idle, settings, new Date(start.getTime() + 12 * DAY))).user,
    ).not.toBeNull();
    expect(
      (await lookupSession(handle.db, idle, settings, new Date(start.getTime() + 19.5 * DAY))).user,
    ).toBeNull();

    const absolute = cookieOf(
      await startSession(handle.db, user.id, null, settings, { now: start }),
    );
    for (let day = 6; day < 30; day += 6) {
      expect(
        (await lookupSession(handle.db, absolute, settings, new Date(start.getTime() + day * DAY)))
          .user,
      ).not.toBeNull();
    }
    expect(
      (await lookupSession(handle.db, absolute, settings, new Date(start.getTime() + 30 * DAY)))
        .user,
    ).toBeNull();
  });

  it('rotates: a new sign-in ends the session the browser had; logout deletes the row', async () => {
    const user = await insertUser(handle.db);
    const first = cookieOf(await startSession(handle.db, user.id, null, settings));
    const second = cookieOf(await startSession(handle.db, user.id, first, settings));
    expect((await lookupSession(handle.db, first, settings)).user).toBeNull();
    expect((await lookupSession(handle.db, second, settings)).user).not.toBeNull();
    const cleared = await endSession(handle.db, second, settings);
    expect(cleared).toEqual({ cookie: expect.stringContaining('Max-Age=0'), userId: user.id });
    expect((await lookupSession(handle.db, second, settings)).user).toBeNull();
  });

  it('signs out of all devices: every session of that person ends, nobody else’s', async () => {
    const user = await insertUser(handle.db);
    const other = await insertUser(handle.db);
    const phone = cookieOf(await startSession(handle.db, user.id, null, settings));
    const laptop = cookieOf(await startSession(handle.db, user.id, null, settings));
    const someoneElse = cookieOf(await startSession(handle.db, other.id, null, settings));
    await endSession(handle.db, phone, settings, { everywhere: true });
    expect((await lookupSession(handle.db, phone, settings)).user).toBeNull();
    expect((await lookupSession(handle.db, laptop, settings)).user).toBeNull();
    expect((await lookupSession(handle.db, someoneElse, settings)).user?.id).toBe(other.id);
  });

  it('the sweep deletes sessions past their absolute or idle expiry and keeps live ones', async () => {
    const user = await insertUser(handle.db);
    const start = new Date('2030-01-01T00:00:00.000Z');
    const idle = cookieOf(await startSession(handle.db, user.id, null, settings, { now: start }));
    const later = new Date(start.getTime() + 8 * DAY);
    const live = cookieOf(await startSession(handle.db, user.id, null, settings, { now: later }));
    const hashes = [idle, live].map((cookie) => hashToken(cookie.slice('session='.length)));
    const remaining = async () =>
      (
        await handle.db
          .selectFrom('sessions')
          .select('id_hash')
          .where('id_hash', 'in', hashes)
          .execute()
      ).map((row) => row.id_hash);

    expect(await deleteExpiredSessions(handle.db, settings, later)).toBeGreaterThanOrEqual(1);
    expect(await remaining()).toEqual([hashes[1]]);
    // 31 days after it began, the live one is past its absolute expiry too.
    await deleteExpiredSessions(handle.db, settings, new Date(later.getTime() + 31 * DAY));
    expect(await remaining()).toEqual([]);
  });
});
