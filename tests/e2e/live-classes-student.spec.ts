import ICAL from 'ical.js';
import type { Page, TestInfo } from '@playwright/test';
import { formatClassTime, formatJoinOpens } from '../../app/features/live-classes/class-times';
import {
  addLiveClasses,
  cancelLiveClass,
  saveRecording,
} from '../../app/features/live-classes/live-sessions.server';
import { addMentor } from '../../app/features/mentors/mentors.server';
import type { StepSlug } from '../../app/content/course-steps';
import { insertCohort } from '../support/factories';
import { E2E_ORIGIN } from '../e2e-origin';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { createAccount, signInNewAccount, type TestAccount, useAccount } from './sessions';
import { readRow, readValue, withE2eDatabase } from './e2e-database';

const ACADEMY_ZONE = 'Africa/Lagos';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function newCohort(name: string): Promise<string> {
  const id = `cohort-live-${Math.random().toString(36).slice(2, 10)}`;
  await withE2eDatabase((db) => insertCohort(db, { id, name, startDate: null }));
  return id;
}

async function studentOf(cohort: string, name: string): Promise<TestAccount> {
  const account = await createAccount('level-1', name);
  await withE2eDatabase((db) =>
    db.updateTable('users').set({ cohort }).where('id', '=', account.id).execute(),
  );
  return account;
}

async function mentorOf(cohort: string, name: string): Promise<TestAccount> {
  const account = await createAccount('none', name);
  await withE2eDatabase((db) =>
    addMentor(db, { cohortId: cohort, email: account.email, by: { id: 'e2e', name: 'E2E' } }),
  );
  return account;
}

interface SeededClass {
  id: string;
  title: string;
  startsAt: string;
}

/** A class of the cohort, straight through the domain (the admin form has its own tests). */
async function addClass(
  cohort: string,
  title: string,
  startsAt: Date,
  { step = null, joinUrl }: { step?: StepSlug | null; joinUrl: string },
): Promise<SeededClass> {
  const sessions = await withE2eDatabase((db) =>
    addLiveClasses(
      db,
      cohort,
      {
        title,
        description: `About ${title}.`,
        startsAt,
        durationMinutes: 60,
        joinUrl,
        step,
        repeatWeeks: 1,
      },
      { id: 'e2e', name: 'E2E Admin' },
      new Date(startsAt.getTime() - DAY * 30),
    ),
  );
  const session = sessions![0]!;
  return { id: session.id, title, startsAt: session.starts_at };
}

/** On the hour, so the times shown are easy to read in a failure. */
const inDays = (days: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCMinutes(0, 0, 0);
  return at;
};

/**
 * A cohort with a student and its classes: one whose join window is open (10 minutes to
 * go), one in 3 days, a graduation lecture in 20 days, one held with its recording, one
 * held without, and one cancelled.
 */
async function seedSchedule(testInfo: TestInfo, label: string) {
  const suffix = `${testInfo.project.name} ${testInfo.retry} ${Math.random().toString(36).slice(2, 6)}`;
  const cohortName = `Live ${label} ${suffix}`;
  const cohort = await newCohort(cohortName);
  const student = await studentOf(cohort, `Live Student ${label}`);
  const meeting = `https://meet.example.org/room-${cohort}`;
  const joinUrl = meeting;
  const soon = await addClass(cohort, 'Flexbox clinic', new Date(Date.now() + 10 * MINUTE), {
    joinUrl,
  });
  const later = await addClass(cohort, 'Grid workshop', inDays(3), { joinUrl });
  const lecture = await addClass(cohort, 'Graduation lecture', inDays(20), {
    joinUrl,
    step: 'conclusion',
  });
  const recorded = await addClass(cohort, 'HTML basics', inDays(-2), { joinUrl });
  const unrecorded = await addClass(cohort, 'CSS selectors', inDays(-1), { joinUrl });
  const cancelled = await addClass(cohort, 'Cancelled Q&A', inDays(5), { joinUrl });
  const recording = `https://video.example.org/${recorded.id}`;
  await withE2eDatabase(async (db) => {
    await saveRecording(db, recorded.id, recording);
    await cancelLiveClass(db, cancelled.id);
  });
  return {
    cohort,
    cohortName,
    student,
    meeting,
    recording,
    classes: { soon, later, lecture, recorded, unrecorded, cancelled },
  };
}

function classItem(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

function attendanceOf(sessionId: string, userId: string) {
  return readRow<{ first_joined_at: string | null }>(
    'select first_joined_at from live_attendance where session_id = ? and user_id = ?',
    sessionId,
    userId,
  );
}

for (const zone of ['America/New_York', 'Africa/Lagos']) {
  test.describe(`a student in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('sees the cohort’s classes on the schedule and the next three on the course home, in their zone', async ({
      page,
    }, testInfo) => {
      const { student, meeting, recording, classes } = await seedSchedule(testInfo, zone);
      await useAccount(page.context(), student);
      await gotoApp(page, '/fed/schedule');
      await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();

      const upcoming = page.getByRole('region', { name: 'Upcoming classes' });
      await expect(upcoming.getByRole('heading', { level: 3 })).toHaveText([
        'Flexbox clinic',
        'Grid workshop',
        'Cancelled Q&A',
        'Graduation lecture',
      ]);
      const later = classItem(page, 'Grid workshop');
      await expect(later.locator('time')).toHaveText(formatClassTime(classes.later.startsAt, zone));
      await expect(later.locator('time')).toHaveAttribute('datetime', classes.later.startsAt);
      await expect(later).toContainText('Starts in 3 days');
      // Three days away: when Join opens, in the viewer's zone, and no link (decision 072).
      await expect(later).toContainText(formatJoinOpens(classes.later.startsAt, zone));
      await expect(later.getByRole('link', { name: /Join/ })).toHaveCount(0);
      await expect(
        classItem(page, 'Flexbox clinic').getByRole('link', { name: 'Join Flexbox clinic' }),
      ).toHaveAttribute('href', `/live/${classes.soon.id}/join`);
      const google = later.getByRole('link', { name: /Add to Google Calendar/ });
      await expect(google).toHaveAttribute('target', '_blank');
      await expect(google).toHaveAttribute('rel', 'noopener noreferrer');
      const googleUrl = new URL((await google.getAttribute('href'))!);
      expect(googleUrl.origin + googleUrl.pathname).toBe(
        'https://calendar.google.com/calendar/render',
      );
      expect(googleUrl.searchParams.get('action')).toBe('TEMPLATE');
      expect(googleUrl.searchParams.get('text')).toBe('Grid workshop');
      const start = classes.later.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      expect(googleUrl.searchParams.get('dates')).toMatch(new RegExp(`^${start}/\\d{8}T\\d{6}Z$`));
      expect(googleUrl.searchParams.get('details')).toContain(
        `${E2E_ORIGIN}/live/${classes.later.id}/join`,
      );
      await expect(classItem(page, 'Cancelled Q&A')).toContainText('Cancelled');
      await expect(
        classItem(page, 'Cancelled Q&A').getByRole('link', { name: /Join/ }),
      ).toHaveCount(0);

      const past = page.getByRole('region', { name: 'Past classes' });
      await expect(past.getByRole('heading', { level: 3 })).toHaveText([
        'CSS selectors',
        'HTML basics',
      ]);
      await expect(classItem(page, 'CSS selectors')).toContainText('Recording coming soon');
      await expect(
        classItem(page, 'HTML basics').getByRole('link', { name: /Watch the recording/ }),
      ).toHaveAttribute('href', recording);
      expect(await page.content()).not.toContain(meeting);
      await expectNoAxeViolations(page);
      await saveFullPageScreenshot(
        page,
        `schedule-${zone === ACADEMY_ZONE ? 'lagos' : 'new-york'}`,
      );
      if (zone === 'America/New_York') await saveFullPageScreenshot(page, 'schedule');

      await gotoApp(page, '/fed/home');
      const home = page.getByRole('region', { name: 'Upcoming live classes' });
      await expect(home.getByRole('heading', { level: 3 })).toHaveText([
        'Flexbox clinic',
        'Grid workshop',
        'Graduation lecture',
      ]);
      await expect(classItem(page, 'Flexbox clinic')).toContainText(/Starts in (9|10) minutes/);
      await expect(classItem(page, 'Flexbox clinic').locator('time')).toHaveText(
        formatClassTime(classes.soon.startsAt, zone),
      );
      await expect(home.getByRole('link', { name: 'See the whole schedule' })).toHaveAttribute(
        'href',
        '/fed/schedule',
      );
      expect(await page.content()).not.toContain(meeting);
      await expectNoAxeViolations(page);
      if (zone === 'America/New_York') await saveFullPageScreenshot(page, 'fed-home');
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, timezoneId: 'America/New_York' });

  test('the schedule shows the academy’s time', async ({ page }, testInfo) => {
    const { student, classes } = await seedSchedule(testInfo, 'no-js');
    await useAccount(page.context(), student);
    await page.goto('/fed/schedule');
    await expect(classItem(page, 'Grid workshop').locator('time')).toHaveText(
      formatClassTime(classes.later.startsAt, ACADEMY_ZONE),
    );
    // The feed's address is selectable in its field: the Copy button needs JavaScript.
    await expect(page.getByLabel('Your calendar link')).toHaveValue(/\/calendar\/.{43}\.ics$/);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();
  });
});

test('Join: before the window it says when the class is; within it, it records the join and opens the meeting', async ({
  page,
}, testInfo) => {
  const { student, meeting, classes } = await seedSchedule(testInfo, 'join');
  await useAccount(page.context(), student);
  await gotoApp(page, `/live/${classes.later.id}/join`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grid workshop' })).toBeVisible();
  // In the browser's own zone once the page has hydrated (the academy's before).
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByRole('main')).toContainText(
    `This class starts on ${formatClassTime(classes.later.startsAt, zone)}. The link opens 15 minutes before the start.`,
  );
  expect(await page.content()).not.toContain(meeting);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'join-not-yet');
  expect(attendanceOf(classes.later.id, student.id)).toBeUndefined();

  // The meeting is on another site: answered here, so nothing leaves localhost.
  await page.route(meeting, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title><h1>Meeting</h1>' }),
  );
  await page.getByRole('link', { name: 'Back to the schedule' }).click();
  await classItem(page, 'Flexbox clinic').getByRole('link', { name: /Join/ }).click();
  await expect(page).toHaveURL(meeting);
  expect(attendanceOf(classes.soon.id, student.id)?.first_joined_at).toBeTruthy();

  await gotoApp(page, `/live/${classes.recorded.id}/join`);
  await expect(page.getByRole('main')).toContainText('This class has ended.');
  await expect(page.getByRole('link', { name: /Watch the recording/ })).toBeVisible();
  await gotoApp(page, `/live/${classes.cancelled.id}/join`);
  await expect(page.getByRole('main')).toContainText('This class was cancelled.');
  await expectNoAxeViolations(page);
});

test('a class more than 15 minutes away shows no Join link; the waiting page opens the class by itself when the window starts @phone', async ({
  page,
}, testInfo) => {
  const suffix = `${testInfo.project.name} ${Math.random().toString(36).slice(2, 6)}`;
  const cohort = await newCohort(`Live waiting ${suffix}`);
  const student = await studentOf(cohort, 'Live Student waiting');
  const meeting = `https://meet.example.org/room-${cohort}`;
  // The window opens in 5 minutes.
  const session = await addClass(cohort, 'Routing clinic', new Date(Date.now() + 20 * MINUTE), {
    joinUrl: meeting,
  });
  await page.route(meeting, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title><h1>Meeting</h1>' }),
  );
  await page.clock.install();
  await useAccount(page.context(), student);
  await gotoApp(page, '/fed/schedule');
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const item = classItem(page, 'Routing clinic');
  await expect(item).toContainText(formatJoinOpens(session.startsAt, zone));
  await expect(item.getByRole('link', { name: /Join/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'schedule-join-opens');

  await gotoApp(page, `/live/${session.id}/join`);
  const timer = page.getByRole('timer');
  await expect(timer).toContainText(/Opens in [45]:\d\d; this page opens the class by itself\./);
  expect(await page.content()).not.toContain(meeting);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'join-countdown');

  // The server's clock is real: the class moves 5 minutes earlier, so its window is open when
  // the browser's clock reaches the opening it counted down to.
  await withE2eDatabase((db) =>
    db
      .updateTable('live_sessions')
      .set({ starts_at: new Date(Date.parse(session.startsAt) - 5 * MINUTE).toISOString() })
      .where('id', '=', session.id)
      .execute(),
  );
  await page.clock.fastForward('05:00');
  await expect(page).toHaveURL(meeting);
  expect(attendanceOf(session.id, student.id)?.first_joined_at).toBeTruthy();
});

test('the calendar feed: parsed by ical.js, reset makes the old address 404', async ({
  page,
  request,
}, testInfo) => {
  const { student, meeting, classes } = await seedSchedule(testInfo, 'feed');
  await useAccount(page.context(), student);
  await gotoApp(page, '/fed/schedule');
  const field = page.getByLabel('Your calendar link');
  const feedUrl = await field.inputValue();
  expect(feedUrl).toMatch(new RegExp(`^${E2E_ORIGIN}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  await expect(page.getByRole('link', { name: 'Subscribe in your calendar' })).toHaveAttribute(
    'href',
    feedUrl.replace(/^http:\/\//, 'webcal://'),
  );

  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(feed.headers()['cache-control']).toBe('private, no-store');
  const text = await feed.text();
  expect(text).not.toContain(meeting);
  expect(text).not.toContain(student.name);
  const events = new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent));
  expect(events).toHaveLength(6);
  const byUid = new Map(events.map((event) => [event.uid, event]));
  const later = byUid.get(`live-class-${classes.later.id}@localhost`)!;
  expect(later.summary).toContain('Grid workshop');
  expect(later.sequence).toBe(0);
  expect(later.startDate.zone.tzid).toBe('UTC');
  expect(later.startDate.toJSDate().toISOString()).toBe(classes.later.startsAt);
  expect(later.endDate.toJSDate().getTime() - Date.parse(classes.later.startsAt)).toBe(60 * MINUTE);
  expect(later.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  expect(later.attendees).toHaveLength(0);
  const cancelled = byUid.get(`live-class-${classes.cancelled.id}@localhost`)!;
  expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  expect(cancelled.sequence).toBe(1);

  await page.getByRole('button', { name: 'Reset link' }).click();
  await expect(page.getByText('Your calendar link was reset')).toBeVisible();
  await expect(field).not.toHaveValue(feedUrl);
  const fresh = await field.inputValue();
  expect((await request.get(feedUrl)).status()).toBe(404);
  expect((await request.get(fresh)).status()).toBe(200);
});

test('the reminder setting is saved, and the conclusion shows the graduation lecture', async ({
  page,
}, testInfo) => {
  const { student, classes } = await seedSchedule(testInfo, 'reminders');
  await useAccount(page.context(), student);
  await gotoApp(page, '/fed/schedule');
  const reminders = page.getByLabel('E-mail me a reminder 24 hours and 1 hour before each class');
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await page.getByRole('button', { name: 'Save reminder setting' }).click();
  await expect(page.getByText('Class reminders are turned off.')).toBeVisible();
  await expect(reminders).not.toBeChecked();
  expect(readValue('select reminder_emails from users where id = ?', student.id)).toBe(0);

  await gotoApp(page, '/fed/conclusion');
  const when = page.getByRole('heading', { name: 'When the lecture takes place' });
  await expect(when).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('communicated later');
  // In the browser's own zone, once hydrated.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByRole('main')).toContainText(
    `Your cohort’s graduation lecture is on ${formatClassTime(classes.lecture.startsAt, zone)}.`,
  );
  // Twenty days away: when Join opens, not a link yet (decision 072).
  await expect(page.getByRole('main')).toContainText(
    formatJoinOpens(classes.lecture.startsAt, zone),
  );
  await expect(page.getByRole('link', { name: /Join Graduation lecture/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a student with access but no cohort is told they will be placed in one', async ({ page }) => {
  await signInNewAccount(page.context(), 'level-1', 'Unplaced Student');
  const sentence = 'You will be placed in a cohort; your live classes appear here then.';
  await gotoApp(page, '/fed/schedule');
  await expect(page.getByRole('main')).toContainText(sentence);
  await expect(page.getByLabel('Your calendar link')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await gotoApp(page, '/fed/home');
  await expect(page.getByRole('region', { name: 'Upcoming live classes' })).toContainText(sentence);
  await gotoApp(page, '/fed/conclusion');
  await expect(page.getByRole('main')).toContainText('communicated later');
});

test('role × route: the schedule, its .data and actions, the join page and the feed @http', async ({
  baseURL,
}, testInfo) => {
  const { cohort, student, meeting, classes } = await seedSchedule(testInfo, 'rights');
  const elsewhere = await newCohort(`Live Elsewhere ${testInfo.retry} ${Date.now()}`);
  const otherStudent = await studentOf(elsewhere, 'Elsewhere Student');
  const mentor = await mentorOf(cohort, 'Live Mentor');
  const otherMentor = await mentorOf(elsewhere, 'Elsewhere Mentor');
  const none = await createAccount('none');
  const admin = await createAccount('admin');
  // The student's feed exists once they have opened their schedule.
  const get = (path: string, cookie: string) =>
    fetch(`${baseURL}${path}`, { headers: { cookie }, redirect: 'manual' });
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    fetch(`${baseURL}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie,
        origin: baseURL!,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
    });
  const schedule = await (await get('/fed/schedule', student.cookie)).text();
  const feedPath = /\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(schedule)![0];
  const open = `/live/${classes.soon.id}/join`;
  const notYet = `/live/${classes.later.id}/join`;
  const feedToken = () =>
    readValue<string>('select token from calendar_feeds where user_id = ?', student.id);

  const refused = [
    ['visitor', ''],
    ['none', none.cookie],
  ] as const;
  for (const [who, cookie] of refused) {
    for (const path of ['/fed/schedule', '/fed/schedule.data', open, notYet, `${open}.data`]) {
      const response = await get(path, cookie);
      expect(response.status, `${who} ${path}`).toBe(403);
      expect(await response.text(), `${who} ${path}`).not.toContain(meeting);
    }
    for (const intent of ['reset-feed', 'save-reminders']) {
      expect((await post('/fed/schedule', cookie, { intent })).status, `${who} ${intent}`).toBe(
        403,
      );
    }
  }
  // Another cohort's student and mentor: their own schedule opens, this cohort's class not.
  for (const [who, account] of [
    ['level-1 of another cohort', otherStudent],
    ['mentor of another cohort', otherMentor],
  ] as const) {
    for (const path of ['/fed/schedule', '/fed/schedule.data']) {
      const response = await get(path, account.cookie);
      expect(response.status, `${who} ${path}`).toBe(200);
      const body = await response.text();
      expect(body, `${who} ${path}`).not.toContain(meeting);
      expect(body, `${who} ${path}`).not.toContain('Grid workshop');
    }
    for (const path of [open, notYet, `${open}.data`]) {
      const response = await get(path, account.cookie);
      expect(response.status, `${who} ${path}`).toBe(403);
      expect(await response.text(), `${who} ${path}`).not.toContain(meeting);
    }
  }
  expect(attendanceOf(classes.soon.id, otherStudent.id)).toBeUndefined();

  // The cohort's student, its mentor and an admin: the schedule opens, the link does not
  // show; the open class redirects to the meeting, and only the student's join is recorded.
  for (const [who, account] of [
    ['level-1 of the cohort', student],
    ['mentor of the cohort', mentor],
    ['admin', admin],
  ] as const) {
    for (const path of ['/fed/schedule', '/fed/schedule.data', notYet, `${notYet}.data`]) {
      const response = await get(path, account.cookie);
      expect(response.status, `${who} ${path}`).toBe(200);
      expect(await response.text(), `${who} ${path}`).not.toContain(meeting);
    }
    for (const path of ['/fed/home', '/fed/home.data']) {
      expect(await (await get(path, account.cookie)).text(), `${who} ${path}`).not.toContain(
        meeting,
      );
    }
    const joined = await get(open, account.cookie);
    expect(joined.status, who).toBe(302);
    expect(joined.headers.get('location'), who).toBe(meeting);
    const saved = await post('/fed/schedule', account.cookie, { intent: 'save-reminders' });
    expect(saved.status, who).toBe(302);
  }
  expect(attendanceOf(classes.soon.id, student.id)?.first_joined_at).toBeTruthy();
  expect(attendanceOf(classes.soon.id, mentor.id)).toBeUndefined();
  expect(attendanceOf(classes.soon.id, admin.id)).toBeUndefined();
  expect((await get('/live/no-such-class/join', student.cookie)).status).toBe(404);

  // The feed: its token is the key, whoever asks; anything but `<token>.ics` is a 404.
  for (const cookie of ['', none.cookie, otherStudent.cookie, student.cookie, mentor.cookie]) {
    const response = await get(feedPath, cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain(meeting);
  }
  const token = feedToken();
  for (const path of [
    `/calendar/${token}`,
    `/calendar/${token}.ics.txt`,
    `/calendar/${token.slice(1)}.ics`,
    '/calendar/.ics',
  ]) {
    expect((await get(path, student.cookie)).status, path).toBe(404);
  }
  const reset = await post('/fed/schedule', student.cookie, { intent: 'reset-feed' });
  expect(reset.status).toBe(302);
  expect(feedToken()).not.toBe(token);
  expect((await get(feedPath, '')).status).toBe(404);
  // A bad intent: refused, nothing written.
  expect((await post('/fed/schedule', student.cookie, { intent: 'other' })).status).toBe(400);
});
