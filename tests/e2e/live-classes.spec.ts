import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { formatClassTime, wallTimeIn } from '../../app/features/live-classes/class-times';
import { CLASS_MESSAGES } from '../../app/features/live-classes/live-class-form';
import { expect, gotoApp, test } from './fixtures';
import { createAccount, useAccount } from './sessions';
import { readRows, withE2eDatabase } from './e2e-database';

/**
 * Issue 27's acceptance, end to end through the pages: an admin adds a weekly class for
 * Cohort 1, a student of Cohort 1 sees it in their own time zone, gets the invitations,
 * joins; the admin sees the join, moves a class and cancels one, and the calendars hear
 * of each change. The parts have their own specs: live-classes-admin, -student and
 * live-class-mail.
 */

const ACADEMY_ZONE = 'Africa/Lagos';
const VIEWER_ZONE = 'America/New_York';
test.use({ timezoneId: VIEWER_ZONE });

interface CalendarMail {
  subject: string;
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: string;
}

/**
 * The calendar invitations the local mailbox holds for `address` about the classes titled
 * `title` (Cohort 1 has other tests' classes too), read as a calendar app would: the MIME
 * message by mailparser, its text/calendar part by ical.js.
 */
async function calendarMailsTo(address: string, title: string): Promise<CalendarMail[]> {
  const rows = readRows<{ raw: string }>(
    'select raw from local_mailbox where recipient = ? order by delivered_at, id',
    address,
  );
  const mails: CalendarMail[] = [];
  for (const { raw } of rows) {
    const message = await simpleParser(raw);
    if (!message.subject?.includes(title)) continue;
    const part = message.attachments.find((file) => file.contentType === 'text/calendar');
    if (!part) continue;
    const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    mails.push({
      subject: message.subject ?? '',
      method: String(calendar.getFirstPropertyValue('method')),
      uid: event.uid,
      sequence: event.sequence,
      status: String(event.component.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate().toISOString(),
    });
  }
  return mails;
}

test('an admin adds a weekly class for Cohort 1; its student sees it in their zone, is invited, joins; a move and a cancellation reach their calendar', async ({
  page,
}, testInfo) => {
  const suffix = `${testInfo.project.name} ${testInfo.retry} ${Math.random().toString(36).slice(2, 6)}`;
  const title = `Acceptance clinic ${suffix}`;
  const meeting = `https://meet.example.com/acceptance-${Math.random().toString(36).slice(2)}`;
  const admin = await createAccount('admin', `Live Admin ${suffix}`);
  const student = await createAccount('level-1', `Live Student ${suffix}`);
  await withE2eDatabase((db) =>
    db.updateTable('users').set({ cohort: 'cohort-1' }).where('id', '=', student.id).execute(),
  );

  // The admin adds it from the cohorts page: in ten minutes (academy time), weekly, 3 weeks.
  await useAccount(page.context(), admin);
  await gotoApp(page, '/admin/cohorts');
  await page.getByRole('link', { name: 'Live classes of Cohort 1' }).click();
  const first = wallTimeIn(new Date(Date.now() + 10 * 60_000).toISOString(), ACADEMY_ZONE);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Date').fill(first.date);
  await page.getByLabel('Start time').fill(first.time);
  await page.getByLabel('Duration (minutes)').fill('60');
  await page.getByLabel('Join link').fill(meeting);
  await page.getByLabel('Repeat weekly for N weeks (optional)').fill('3');
  await page.getByRole('button', { name: 'Add the class' }).click();
  await expect(page.getByText(CLASS_MESSAGES.added(3))).toBeVisible();
  const sessions = await withE2eDatabase((db) =>
    db
      .selectFrom('live_sessions')
      .select(['id', 'starts_at'])
      .where('title', '=', title)
      .orderBy('starts_at')
      .execute(),
  );
  expect(sessions).toHaveLength(3);
  const [soon, nextWeek, lastWeek] = sessions as [
    (typeof sessions)[0],
    (typeof sessions)[0],
    (typeof sessions)[0],
  ];

  // The student sees the three on the schedule and the next on the course home, in New York time.
  await page.context().clearCookies();
  await useAccount(page.context(), student);
  await gotoApp(page, '/fed/schedule');
  const ours = page
    .getByRole('region', { name: 'Upcoming classes' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(ours).toHaveCount(3);
  await expect(ours.locator('time')).toHaveText(
    sessions.map((session) => formatClassTime(session.starts_at, VIEWER_ZONE)),
  );
  await gotoApp(page, '/fed/home');
  const home = page
    .getByRole('region', { name: 'Upcoming live classes' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(home.first().locator('time')).toHaveText(
    formatClassTime(soon.starts_at, VIEWER_ZONE),
  );

  // Three invitations (METHOD:REQUEST, SEQUENCE 0); /dev-mail shows the .ics attached.
  await expect(async () => {
    const mails = await calendarMailsTo(student.email, title);
    expect(mails.filter((mail) => mail.method === 'REQUEST' && mail.sequence === 0)).toHaveLength(
      3,
    );
  }).toPass({ timeout: 20_000 });
  await gotoApp(page, '/dev-mail');
  // The invitation, by its subject: the class starts within the hour, so the "In 1 hour"
  // reminder (no attachment) may be newer in the list.
  await page
    .getByRole('link')
    .filter({ hasText: `Live class: ${title}` })
    .filter({ hasText: student.email })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Attachments' })).toContainText('invitation.ics');

  // Join: a week early it says when; within the window it records the join and opens the meeting.
  await gotoApp(page, `/live/${nextWeek.id}/join`);
  await expect(page.getByRole('main')).toContainText(
    `This class starts on ${formatClassTime(nextWeek.starts_at, VIEWER_ZONE)}.`,
  );
  await page.route(meeting, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title><h1>Meeting</h1>' }),
  );
  await gotoApp(page, '/fed/schedule');
  await ours
    .first()
    .getByRole('link', { name: `Join ${title}` })
    .click();
  await expect(page).toHaveURL(meeting);

  // The admin's attendance view shows the join; then one class moves and one is cancelled.
  await page.context().clearCookies();
  await useAccount(page.context(), admin);
  await gotoApp(page, `/mentor/live/${soon.id}`);
  await expect(page.getByTestId('attendance-row').filter({ hasText: student.name })).toContainText(
    'Joined',
  );

  await gotoApp(page, `/mentor/live/${lastWeek.id}`);
  await page.getByLabel('Start time').fill('21:15');
  await page.getByRole('button', { name: 'Save the class' }).click();
  await expect(page.getByText(CLASS_MESSAGES.saved)).toBeVisible();
  // The cancel question by its address (the link's own click is live-classes-admin.spec's).
  // On this page of the shared Cohort 1, whose live refreshes other tests keep firing, the
  // link's click once did not navigate (CI, issue 43's closing note): under investigation.
  await gotoApp(page, `/mentor/live/${nextWeek.id}?cancel=confirm`);
  await page.getByRole('button', { name: 'Yes, cancel the class' }).click();
  await expect(page.getByText(CLASS_MESSAGES.cancelledDone)).toBeVisible();

  await expect(async () => {
    const mails = await calendarMailsTo(student.email, title);
    const uidOf = (id: string) => mails.find((mail) => mail.uid.includes(id))!.uid;
    const moved = mails.filter((mail) => mail.uid === uidOf(lastWeek.id));
    expect(moved.map((mail) => [mail.method, mail.sequence])).toEqual([
      ['REQUEST', 0],
      ['REQUEST', 1],
    ]);
    expect(moved[1]!.start).not.toBe(moved[0]!.start);
    const cancelled = mails.filter((mail) => mail.uid === uidOf(nextWeek.id));
    expect(cancelled.map((mail) => [mail.method, mail.sequence, mail.status])).toEqual([
      ['REQUEST', 0, 'CONFIRMED'],
      ['CANCEL', 1, 'CANCELLED'],
    ]);
  }).toPass({ timeout: 20_000 });
});
