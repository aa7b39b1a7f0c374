import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeUserStatus } from '~/features/admin/user-status.server';
import type { User } from '~/db/schema';
import {
  admin,
  insertCohort,
  insertCohortStudents,
  insertUser,
} from '../../../tests/support/factories';
import { deliverToLocalMailbox, MAIL_ORIGIN } from '../../../tests/support/local-mailbox';
import { useTestDatabase } from '../../../tests/support/test-database';
import { addLiveClasses, cancelLiveClass, updateLiveClass } from './live-sessions.server';

const ORIGIN = MAIL_ORIGIN;
const database = useTestDatabase();
let clock = new Date('2026-11-20T10:00:00.000Z');

let ada: User;
let bea: User;
let others: User[];

beforeAll(async () => {
  const { db } = database;
  await insertCohort(db, { id: 'c1', name: 'Evening cohort', startDate: null });
  await insertCohort(db, { id: 'c2', name: 'Weekend cohort', startDate: null });
  [ada, bea] = await insertCohortStudents(db, 'c1', ['Ada', 'Bea']);
  others = [
    // In the cohort without course access, in another cohort, with no usable address, an
    // admin placed in the cohort (staff, not a student).
    await insertUser(db, { email: 'cid@example.com', access: 'none', cohort: 'c1' }),
    await insertUser(db, { email: 'staff.admin@example.com', access: 'admin', cohort: 'c1' }),
    await insertUser(db, { email: 'dan@example.com', access: 'level-1', cohort: 'c2' }),
    await insertUser(db, { email: 'not an address', access: 'level-1', cohort: 'c1' }),
  ];
});

/** Sends what the outbox holds to the local mailbox; the messages delivered, parsed. */
async function deliver(): Promise<{ to: string; mail: ParsedMail; raw: string }[]> {
  const { db } = database;
  const before = await db.selectFrom('local_mailbox').select('id').execute();
  await deliverToLocalMailbox(database, () => clock);
  const rows = await db
    .selectFrom('local_mailbox')
    .selectAll()
    .where('id', 'not in', before.map((row) => row.id).concat(''))
    .orderBy('recipient')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      to: row.recipient,
      mail: await simpleParser(row.raw),
      raw: row.raw,
    })),
  );
}

/** The `.ics` attachment, read by an independent parser (ical.js). */
function calendarOf(mail: ParsedMail) {
  const files = mail.attachments.filter((file) => file.filename?.endsWith('.ics'));
  expect(files).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(files[0]!.content.toString('utf8')));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = events[0]!;
  const time = (name: string) => {
    const value = event.getFirstPropertyValue(name) as ICAL.Time;
    return { utc: value.zone?.tzid === 'UTC', iso: value.toJSDate().toISOString() };
  };
  // The scheme is case-insensitive (ical-generator writes MAILTO:).
  const address = (value: unknown) => String(value).replace(/^mailto:/i, '');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    url: event.getFirstPropertyValue('url'),
    start: time('dtstart'),
    end: time('dtend'),
    attendees: event
      .getAllProperties('attendee')
      .map((property) => address(property.getFirstValue())),
    organizer: address(event.getFirstPropertyValue('organizer')),
  };
}

const classInput = (startsAt: string) => ({
  title: 'State and effects',
  description: 'Bring your questions.',
  startsAt: new Date(startsAt),
  durationMinutes: 90,
  joinUrl: 'https://meet.example/secret-room',
  step: null,
  repeatWeeks: 1,
});

function expectOnlyItsStudent(message: { to: string; raw: string }) {
  for (const user of [ada, bea, ...others]) {
    if (user.email !== message.to) expect(message.raw).not.toContain(user.email);
  }
  // The meeting link is only ever reached through the join page.
  expect(message.raw).not.toContain('secret-room');
}

/** The `.ics` of the "Your cohort" e-mail: every class to come, one event each. */
function cohortCalendarOf(mail: ParsedMail) {
  const files = mail.attachments.filter((file) => file.filename?.endsWith('.ics'));
  expect(files).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(files[0]!.content.toString('utf8')));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((event) => ({
      uid: event.getFirstPropertyValue('uid'),
      sequence: event.getFirstPropertyValue('sequence'),
      organizer: String(event.getFirstPropertyValue('organizer')).replace(/^mailto:/i, ''),
      attendees: event.getAllProperties('attendee').length,
    })),
  };
}

describe('the e-mails of a class change', () => {
  it('invites, updates and cancels with one calendar event per class and student', async () => {
    const { db } = database;
    const [session] = (await addLiveClasses(
      db,
      'c1',
      classInput('2026-12-01T17:00:00.000Z'),
      admin,
      clock,
    ))!;
    const invitations = await deliver();
    expect(invitations.map((message) => message.to)).toEqual([ada.email, bea.email]);
    const invitation = calendarOf(invitations[0]!.mail);
    expect(invitation).toMatchObject({
      method: 'REQUEST',
      uid: `live-class-${session!.id}@academy.example`,
      sequence: 0,
      status: 'CONFIRMED',
      url: `${ORIGIN}/live/${session!.id}/join`,
      start: { utc: true, iso: '2026-12-01T17:00:00.000Z' },
      end: { utc: true, iso: '2026-12-01T18:30:00.000Z' },
      attendees: ['ada@example.com'],
      organizer: 'hello@academy.example',
    });
    expect(invitations[0]!.mail.subject).toBe(
      'Live class: State and effects, Tue, 1 Dec 2026, 18:00 GMT+1',
    );
    expect(invitations[0]!.mail.text).toContain(
      `Join the class: ${ORIGIN}/live/${session!.id}/join`,
    );
    // The calendar alternative calendar apps act on, besides the attachment.
    expect(invitations[0]!.raw).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/,
    );
    for (const message of invitations) expectOnlyItsStudent(message);

    clock = new Date('2026-11-21T10:00:00.000Z');
    await updateLiveClass(db, session!.id, classInput('2026-12-02T17:30:00.000Z'), clock);
    const updates = await deliver();
    expect(updates.map((message) => message.to)).toEqual([ada.email, bea.email]);
    const update = calendarOf(updates[1]!.mail);
    expect(update).toMatchObject({
      method: 'REQUEST',
      uid: invitation.uid,
      sequence: 1,
      start: { utc: true, iso: '2026-12-02T17:30:00.000Z' },
      attendees: ['bea@example.com'],
    });
    expect(updates[1]!.mail.subject).toBe(
      'Changed: State and effects, now Wed, 2 Dec 2026, 18:30 GMT+1',
    );
    for (const message of updates) expectOnlyItsStudent(message);

    clock = new Date('2026-11-22T10:00:00.000Z');
    await cancelLiveClass(db, session!.id, clock);
    const cancellations = await deliver();
    expect(cancellations).toHaveLength(2);
    expect(calendarOf(cancellations[0]!.mail)).toMatchObject({
      method: 'CANCEL',
      uid: invitation.uid,
      sequence: 2,
      status: 'CANCELLED',
      attendees: ['ada@example.com'],
    });
    expect(cancellations[0]!.raw).toMatch(/method=CANCEL/);
    for (const message of cancellations) expectOnlyItsStudent(message);
  });

  it('sends a new student of the cohort one e-mail whose calendar holds its classes to come', async () => {
    const { db } = database;
    const sessions = (await addLiveClasses(
      db,
      'c2',
      { ...classInput('2026-12-03T17:00:00.000Z'), repeatWeeks: 12 },
      admin,
      clock,
    ))!;
    expect(sessions).toHaveLength(12);
    await deliver();
    const fay = await insertUser(db, { name: 'Fay', email: 'fay@example.com', access: 'level-1' });
    await changeUserStatus(db, fay.id, { cohort: 'c2' }, admin, { now: clock });
    const [joined, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(joined!.to).toBe(fay.email);
    expect(joined!.mail.subject).toBe('Your cohort: Weekend cohort');
    expect(joined!.mail.text).toContain('Thu, 3 Dec 2026, 18:00 GMT+1');
    expect(joined!.mail.text).toContain('Thu, 18 Feb 2027, 18:00 GMT+1');
    const calendar = cohortCalendarOf(joined!.mail);
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events).toHaveLength(12);
    expect(calendar.events.map((event) => event.uid)).toEqual(
      sessions.map((session) => `live-class-${session.id}@academy.example`),
    );
    expect(calendar.events.map((event) => event.sequence)).toEqual(Array(12).fill(0));
    expect(calendar.events.every((event) => event.organizer === 'hello@academy.example')).toBe(
      true,
    );
    expect(joined!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
    expectOnlyItsStudent(joined!);

    // A later change to one class updates that event in place.
    clock = new Date('2026-11-21T12:00:00.000Z');
    const moved = sessions[4]!;
    await updateLiveClass(db, moved.id, classInput('2027-01-08T18:00:00.000Z'), clock);
    const update = (await deliver()).find((message) => message.to === fay.email)!;
    expect(calendarOf(update.mail)).toMatchObject({
      method: 'REQUEST',
      uid: `live-class-${moved.id}@academy.example`,
      sequence: 1,
      attendees: [fay.email],
    });

    // Course access given to someone who already is in the cohort: the same one e-mail.
    const gil = await insertUser(db, { name: 'Gil', email: 'gil@example.com', cohort: 'c2' });
    await changeUserStatus(db, gil.id, { access: 'level-1' }, admin, { now: clock });
    const welcome = await deliver();
    expect(welcome.map((message) => message.to)).toEqual([gil.email]);
    expect(welcome[0]!.mail.subject).toBe('Your cohort: Weekend cohort');
    expect(cohortCalendarOf(welcome[0]!.mail).events).toHaveLength(12);
  });
});
