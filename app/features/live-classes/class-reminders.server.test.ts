import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import type { User } from '~/db/schema';
import { startEmailWorker } from '~/features/email/email-worker.server';
import { createLocalMailboxTransport } from '~/features/email/mail-transport.server';
import { changeUserStatus } from '~/features/admin/user-status.server';
import {
  admin,
  insertCohort,
  insertCohortStudents,
  insertUser,
} from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { queueDueReminders } from './class-reminders.server';
import { addLiveClasses, updateLiveClass } from './live-sessions.server';

const ORIGIN = 'https://academy.example';
const HOUR = 60 * 60 * 1000;
const database = useTestDatabase();
/** A second instance of the server: its own connection (pool) on PostgreSQL. */
let other: DatabaseHandle | undefined;

let ada: User;
let bea: User;
let quiet: User;

beforeAll(async () => {
  const { db, engine, url } = database;
  if (engine === 'postgres') other = openDatabase(url);
  await insertCohort(db, { id: 'c1', name: 'Evening cohort', startDate: null });
  // Two students who want reminders, and one who turned them off.
  [ada, bea] = await insertCohortStudents(db, 'c1', ['Ada', 'Bea'], { reminder_emails: 1 });
  [quiet] = await insertCohortStudents(db, 'c1', ['Quiet'], { reminder_emails: 0 });
});
afterAll(() => other?.close());

/** Two reminder passes at once, as two instances would run them. */
async function racingPasses(now: Date): Promise<number> {
  const counts = await Promise.all([
    queueDueReminders(database.db, now),
    queueDueReminders(other?.db ?? database.db, now),
  ]);
  return counts[0] + counts[1];
}

async function reminders() {
  const rows = await database.db
    .selectFrom('email_outbox')
    .select(['recipient', 'payload', 'idempotency_key'])
    .where('template', '=', 'live-class-reminder')
    .orderBy('idempotency_key')
    .execute();
  return rows.map((row) => {
    const payload = JSON.parse(row.payload) as { lead: string; session: { starts_at: string } };
    return `${row.recipient} ${payload.lead} ${payload.session.starts_at}`;
  });
}

const classInput = (startsAt: Date) => ({
  title: 'State and effects',
  description: '',
  startsAt,
  durationMinutes: 60,
  joinUrl: 'https://meet.example/room',
  step: null,
  repeatWeeks: 1,
});

describe('live-class reminders', () => {
  it('reminds each student once a day and once an hour before, and again for a new time', async () => {
    const { db } = database;
    const start = new Date('2026-12-01T17:00:00.000Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    const [session] = (await addLiveClasses(
      db,
      'c1',
      classInput(start),
      { id: 'a', name: 'A' },
      at(-30 * HOUR),
    ))!;

    expect(await racingPasses(at(-30 * HOUR))).toBe(0);
    expect(await racingPasses(at(-23 * HOUR))).toBe(2);
    expect(await racingPasses(at(-5 * HOUR))).toBe(0);
    expect(await racingPasses(at(-59 * 60_000))).toBe(2);
    expect(await racingPasses(at(-60_000))).toBe(0);
    expect((await reminders()).sort()).toEqual(
      [
        `ada@example.com 1h ${start.toISOString()}`,
        `ada@example.com 24h ${start.toISOString()}`,
        `bea@example.com 1h ${start.toISOString()}`,
        `bea@example.com 24h ${start.toISOString()}`,
      ].sort(),
    );

    // Moved two days on: its students are reminded of the new time.
    const moved = at(48 * HOUR);
    await updateLiveClass(db, session!.id, classInput(moved), at(-30_000));
    expect(await racingPasses(new Date(moved.getTime() - 20 * HOUR))).toBe(2);
    expect((await reminders()).filter((line) => line.endsWith(moved.toISOString())).sort()).toEqual(
      [`ada@example.com 24h ${moved.toISOString()}`, `bea@example.com 24h ${moved.toISOString()}`],
    );
    expect((await reminders()).some((line) => line.startsWith(quiet.email))).toBe(false);
  });

  it('carries the one-click unsubscribe of the student it is sent to', async () => {
    const { db, engine } = database;
    const worker = startEmailWorker({
      db,
      engine,
      transport: createLocalMailboxTransport(db),
      from: { name: 'Frontier Dev Academy', address: 'hello@academy.example' },
      replyTo: 'hello@academy.example',
      origin: ORIGIN,
      logger: pino({ level: 'silent' }),
      pollMs: 60_000,
      now: () => new Date('2026-12-10T00:00:00.000Z'),
    });
    await worker.runOnce();
    await worker.stop();
    const { email_token: token } = await db
      .selectFrom('users')
      .select('email_token')
      .where('id', '=', bea.id)
      .executeTakeFirstOrThrow();
    expect(token).toMatch(/^[\w-]{32}$/);
    const sent = await db
      .selectFrom('local_mailbox')
      .select('raw')
      .where('recipient', '=', bea.email)
      .where('subject', 'like', 'In 1 hour:%')
      .executeTakeFirstOrThrow();
    const mail = await simpleParser(sent.raw);
    expect(sent.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    // Unfolded: nodemailer folds a long header onto a second line.
    expect(sent.raw.replace(/\r\n\s+/g, ' ')).toContain(
      `List-Unsubscribe: <${ORIGIN}/unsubscribe/${token}>`,
    );
    expect(mail.text).toContain(`Turn off reminders (${ORIGIN}/unsubscribe/${token})`);
    expect(mail.subject).toBe('In 1 hour: State and effects, Tue, 1 Dec 2026, 18:00 GMT+1');
    expect(sent.raw).not.toContain(ada.email);
  });

  it('sends no reminder whose time had come when the student joined: "Your cohort" told them', async () => {
    const { db } = database;
    await insertCohort(db, { id: 'c3', name: 'Late cohort', startDate: null });
    const start = new Date('2026-12-20T17:00:00.000Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    await addLiveClasses(db, 'c3', classInput(start), admin, at(-48 * HOUR));
    const early = await insertUser(db, { email: 'early@example.com', access: 'level-1' });
    await changeUserStatus(db, early.id, { cohort: 'c3' }, admin, { now: at(-30 * HOUR) });
    const late = await insertUser(db, { email: 'late@example.com', access: 'level-1' });
    await changeUserStatus(db, late.id, { cohort: 'c3' }, admin, { now: at(-20 * HOUR) });
    const last = await insertUser(db, { email: 'last@example.com', access: 'level-1' });
    await changeUserStatus(db, last.id, { cohort: 'c3' }, admin, { now: at(-30 * 60_000) });

    expect(await racingPasses(at(-19 * HOUR))).toBe(1);
    expect(await racingPasses(at(-29 * 60_000))).toBe(2);
    expect((await reminders()).filter((line) => line.endsWith(start.toISOString())).sort()).toEqual(
      [
        `early@example.com 1h ${start.toISOString()}`,
        `early@example.com 24h ${start.toISOString()}`,
        `late@example.com 1h ${start.toISOString()}`,
      ].sort(),
    );
  });
});
