import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { insertUser, newCohort } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  FEED_TOKEN_PATTERN,
  feedTokenOf,
  findFeedOwner,
  resetFeedToken,
} from './calendar-feeds.server';
import { addLiveClasses, cancelLiveClass } from './live-sessions.server';
import { feedOf } from './student-classes.server';

const database = useTestDatabase();
const ORIGIN = 'https://academy.example';
const now = new Date(Date.UTC(2026, 10, 21, 10, 0));

async function cohortWithClasses() {
  const cohort = await newCohort(database.db, 'Feed');
  const sessions = await addLiveClasses(
    database.db,
    cohort.id,
    {
      title: 'Flexbox clinic',
      description: 'Bring your layout questions.',
      startsAt: new Date(Date.UTC(2026, 11, 1, 17, 0)),
      durationMinutes: 90,
      joinUrl: 'https://meet.example/secret-room',
      step: null,
      repeatWeeks: 2,
    },
    { id: 'admin', name: 'Ada Admin' },
    now,
  );
  return { cohort, sessions: sessions! };
}

describe('calendar feed tokens', () => {
  it('makes one long random token on the first visit and keeps it', async () => {
    const user = await insertUser(database.db);
    const token = await feedTokenOf(database.db, user.id, now);
    expect(token).toMatch(FEED_TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(await feedTokenOf(database.db, user.id, now)).toBe(token);
    expect((await findFeedOwner(database.db, token))?.id).toBe(user.id);
    const other = await insertUser(database.db);
    expect(await feedTokenOf(database.db, other.id, now)).not.toBe(token);
  });

  it('replaces the token on reset: the old one finds no one', async () => {
    const user = await insertUser(database.db);
    const old = await feedTokenOf(database.db, user.id, now);
    const fresh = await resetFeedToken(database.db, user.id, now);
    expect(fresh).toMatch(FEED_TOKEN_PATTERN);
    expect(fresh).not.toBe(old);
    expect(await findFeedOwner(database.db, old)).toBeUndefined();
    expect((await findFeedOwner(database.db, fresh))?.id).toBe(user.id);
    expect(await feedTokenOf(database.db, user.id, now)).toBe(fresh);
  });

  it('finds no one for a malformed or unknown token', async () => {
    expect(await findFeedOwner(database.db, 'short')).toBeUndefined();
    expect(await findFeedOwner(database.db, 'A'.repeat(43))).toBeUndefined();
  });
});

describe('the feed', () => {
  it('lists every class of the owner’s cohort, cancelled ones marked, naming no one', async () => {
    const { cohort, sessions } = await cohortWithClasses();
    await cancelLiveClass(database.db, sessions[1]!.id, now);
    const student = await insertUser(database.db, {
      access: 'level-1',
      cohort: cohort.id,
      name: 'Sade Student',
    });
    await insertUser(database.db, { access: 'level-1', cohort: cohort.id, name: 'Other Olu' });
    const token = await feedTokenOf(database.db, student.id, now);
    const text = await feedOf(database.db, token, ORIGIN);
    expect(text).toBeDefined();
    // RFC 5545: every content line ends with CRLF, the last one too.
    expect(text!.slice(-15)).toBe('END:VCALENDAR\r\n');
    expect(text).not.toContain('secret-room');
    expect(text).not.toContain('Other Olu');
    expect(text).not.toContain('Sade Student');
    const events = new ICAL.Component(ICAL.parse(text!))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.uid)).toEqual(
      sessions.map((session) => `live-class-${session.id}@academy.example`),
    );
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(events[0]!.endDate.toJSDate().toISOString()).toBe('2026-12-01T18:30:00.000Z');
    expect(events[0]!.attendees).toHaveLength(0);
    expect(events[0]!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(events[1]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(events[1]!.sequence).toBe(1);
  });

  it('answers nothing once the owner has lost course access or their cohort', async () => {
    const { cohort } = await cohortWithClasses();
    const student = await insertUser(database.db, { access: 'level-1', cohort: cohort.id });
    const token = await feedTokenOf(database.db, student.id, now);
    await database.db
      .updateTable('users')
      .set({ access: 'none' })
      .where('id', '=', student.id)
      .execute();
    expect(await feedOf(database.db, token, ORIGIN)).toBeUndefined();
    await database.db
      .updateTable('users')
      .set({ access: 'level-1', cohort: 'none' })
      .where('id', '=', student.id)
      .execute();
    expect(await feedOf(database.db, token, ORIGIN)).toBeUndefined();
  });
});
