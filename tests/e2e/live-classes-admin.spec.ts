import { execFileSync } from 'node:child_process';
import { ATTENDANCE_CSV_HEADER } from '../../app/features/live-classes/attendance-export.server';
import { wallTimeIn } from '../../app/features/live-classes/class-times';
import { CLASS_MESSAGES } from '../../app/features/live-classes/live-class-form';
import { addLiveClasses, recordJoin } from '../../app/features/live-classes/live-sessions.server';
import { E2E_ORIGIN } from '../e2e-origin';
import { member, newCohort, rightsCast } from './cohort-people';
import { postForm } from './form-posts';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { createAccount, signInNewAccount, type TestAccount, useAccount } from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';

/**
 * Issue 27's staff side of live classes: the class pages admins and a cohort's mentors run
 * (adding a weekly series, editing, cancelling, the recording), attendance (joined, marked by
 * hand, its CSV), and who may reach each page, its `.data` and its actions.
 */

const ZONE = 'Africa/Lagos';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A cohort of the test's own, its name unique (per project, retry and run). */
async function uniqueCohort(prefix: string): Promise<{ id: string; name: string }> {
  const name = `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
  return { id: await newCohort(name), name };
}

/** A class of the cohort that started `minutesAgo` minutes ago (negative: in the future). */
async function classOf(cohort: string, title: string, minutesAgo: number, duration = 60) {
  return withE2eDatabase(async (db) => {
    const added = await addLiveClasses(
      db,
      cohort,
      {
        title,
        description: '',
        durationMinutes: duration,
        joinUrl: 'https://meet.example.com/e2e',
        step: null,
        repeatWeeks: 1,
        startsAt: new Date(Date.now() - minutesAgo * 60_000),
      },
      { id: 'e2e', name: 'E2E Admin' },
    );
    return added![0]!;
  });
}

function count(sql: string, ...params: string[]): number {
  return readValue<number>(sql, ...params);
}

const classesOfCohort = (cohort: string) =>
  count('select count(*) as n from live_sessions where cohort_id = ?', cohort);

/** A CSV file's rows as Python's csv module reads them (`utf-8-sig` drops the BOM). */
function readCsvInPython(text: string): string[][] {
  const script =
    'import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode("utf-8-sig"), newline="")))))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: text, encoding: 'utf8' }));
}

const get = (path: string, cookie: string) =>
  fetch(`${E2E_ORIGIN}${path}`, { headers: { cookie }, redirect: 'manual' });

/** A day ten days ahead in the academy's zone: a valid date for a new class. */
const futureDay = () => wallTimeIn(new Date(Date.now() + 10 * DAY_MS).toISOString(), ZONE).date;

function addFields(fields: Record<string, string> = {}) {
  return {
    intent: 'add-class',
    title: 'Refused class',
    description: '',
    date: futureDay(),
    time: '18:00',
    durationMinutes: '60',
    joinUrl: 'https://meet.example.com/refused',
    step: '',
    repeatWeeks: '',
    ...fields,
  };
}

test('an admin adds a weekly class, moves one, cancels one, and cannot add a recording early', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { id: cohort, name: cohortName } = await uniqueCohort(`Weekly ${project}`);
  const admin = await signInNewAccount(page.context(), 'admin', `Ada Admin ${project}`);

  // The "Live classes section reached from /admin/cohorts".
  await gotoApp(page, '/admin/cohorts');
  await page.getByRole('link', { name: `Live classes of ${cohortName}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Live classes of ${cohortName}` }),
  ).toBeVisible();
  await expect(page.getByTestId('academy-time-zone')).toContainText(ZONE);

  const day = futureDay();
  await page.getByLabel('Title').fill('Weekly JavaScript clinic');
  await page.getByLabel('Description (optional)').fill('Bring your questions.');
  await page.getByLabel('Date').fill(day);
  await page.getByLabel('Start time').fill('18:00');
  await page.getByLabel('Duration (minutes)').fill('90');
  await page.getByLabel('Join link').fill('https://meet.example.com/clinic');
  await page.getByLabel('Course step (optional)').selectOption({ label: 'Step 5: JavaScript' });
  await page.getByLabel('Repeat weekly for N weeks (optional)').fill('3');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'live-admin-class-form');
  await page.getByRole('button', { name: 'Add the class' }).click();

  await expect(page.getByText(CLASS_MESSAGES.added(3))).toBeVisible();
  const rows = page
    .getByRole('table', { name: `Upcoming classes of ${cohortName}` })
    .getByTestId('class-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('18:00 GMT+1');
  expect(classesOfCohort(cohort)).toBe(3);

  // Move the second class by an hour and a half.
  await rows.nth(1).getByRole('link', { name: 'Weekly JavaScript clinic' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Weekly JavaScript clinic' }),
  ).toBeVisible();
  await expect(page.getByLabel('Start time')).toHaveValue('18:00');
  await expect(page.getByLabel('Course step (optional)')).toHaveValue('javascript');
  const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
  await page.getByLabel('Start time').fill('19:30');
  await page.getByRole('button', { name: 'Save the class' }).click();
  await expect(page.getByText(CLASS_MESSAGES.saved)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'GMT+1' })).toContainText('19:30');
  expect(count('select sequence as n from live_sessions where id = ?', sessionId)).toBe(1);

  // Not ended: no recording form, and a recording sent anyway is refused.
  await expect(page.getByText(CLASS_MESSAGES.notEnded)).toBeVisible();
  const early = await postForm(`/mentor/live/${sessionId}`, admin.cookie, {
    intent: 'save-recording',
    recordingUrl: 'https://video.example.com/clinic',
  });
  expect(early.status).toBe(409);
  expect(await early.text()).toContain(CLASS_MESSAGES.notEnded);
  expect(
    count(
      'select count(*) as n from live_sessions where id = ? and recording_url is not null',
      sessionId,
    ),
  ).toBe(0);

  // Cancel, after the confirmation step.
  await page.getByRole('link', { name: 'Cancel this class…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the class' }).click();
  await expect(page.getByText(CLASS_MESSAGES.cancelledDone)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Save the class' })).toHaveCount(0);
  await page.getByRole('link', { name: `Live classes of ${cohortName}` }).click();
  await expect(rows.nth(1)).toContainText('Cancelled');
  await expect(rows.filter({ hasText: 'Cancelled' })).toHaveCount(1);

  // The Live classes menu entry: the cohort with its next class and its counts.
  await page.getByRole('link', { name: 'All live classes' }).click();
  const cohortRow = page.getByRole('row', { name: new RegExp(cohortName) });
  await expect(cohortRow.getByRole('cell')).toHaveText([
    cohortName,
    /^Weekly JavaScript clinic.*18:00 GMT\+1$/,
    '2',
    '0',
    '1',
  ]);
  await expectNoAxeViolations(page);
});

test('bad input is refused beside its field and nothing is written', async ({ page }, testInfo) => {
  const { id: cohort } = await uniqueCohort(`Refused ${testInfo.project.name}`);
  const admin = await signInNewAccount(page.context(), 'admin');
  await gotoApp(page, `/mentor/classes/${cohort}`);

  // In the browser: an http:// link, then a past date (the browser lets both through).
  await page.getByLabel('Title').fill('Refused class');
  await page.getByLabel('Date').fill(futureDay());
  await page.getByLabel('Start time').fill('18:00');
  await page.getByLabel('Join link').fill('http://meet.example.com/plain');
  await page.getByRole('button', { name: 'Add the class' }).click();
  await expect(page.getByText(CLASS_MESSAGES.joinUrl)).toBeVisible();
  await expect(page.getByLabel('Join link')).toHaveAttribute('aria-invalid', 'true');
  // What was typed stays.
  await expect(page.getByLabel('Title')).toHaveValue('Refused class');
  await expect(page.getByLabel('Join link')).toHaveValue('http://meet.example.com/plain');
  await page.getByLabel('Join link').fill('https://meet.example.com/fixed');
  await page.getByLabel('Date').fill('2020-01-07');
  await page.getByRole('button', { name: 'Add the class' }).click();
  await expect(page.getByText(CLASS_MESSAGES.past)).toBeVisible();
  await expect(page.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(CLASS_MESSAGES.joinUrl)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The rest as a tampered form would send them.
  for (const [fields, message] of [
    [{ durationMinutes: '0' }, CLASS_MESSAGES.duration],
    [{ durationMinutes: '481' }, CLASS_MESSAGES.duration],
    [{ repeatWeeks: '53' }, CLASS_MESSAGES.repeat],
    [{ joinUrl: 'http://meet.example.com/plain' }, CLASS_MESSAGES.joinUrl],
    [{ date: '2020-01-07' }, CLASS_MESSAGES.past],
  ] as const) {
    const response = await postForm(`/mentor/classes/${cohort}`, admin.cookie, addFields(fields));
    expect(response.status, message).toBe(400);
    expect(await response.text(), message).toContain(message);
  }
  expect(classesOfCohort(cohort)).toBe(0);
  const unknown = await postForm('/mentor/classes/no-such-cohort', admin.cookie, addFields());
  expect(unknown.status).toBe(404);
  expect(classesOfCohort('no-such-cohort')).toBe(0);
});

test('attendance: a joined student, marks by hand (audited), the rate and the CSV', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { id: cohort } = await uniqueCohort(`Attendance ${project}`);
  const admin = await createAccount('admin', `Ada Admin ${project}`);
  const joined = await member('level-1', cohort, `Amara Joined ${project}`);
  const missing = await member('level-1', cohort, `Bola Missing ${project}`);
  // Started 20 minutes ago, for an hour: live now.
  const session = await classOf(cohort, 'Attendance clinic', 20);
  await withE2eDatabase((db) =>
    recordJoin(db, session.id, joined.id, new Date(Date.now() - 22 * 60_000)),
  );

  await useAccount(page.context(), admin);
  await gotoApp(page, `/mentor/live/${session.id}`);
  const rowOf = (account: TestAccount) =>
    page.getByTestId('attendance-row').filter({ hasText: account.name });
  /** Marks by hand with the row's button and waits for the flash that says so. */
  const markAs = async (account: TestAccount, mark: 'present' | 'absent') => {
    const button = mark === 'present' ? 'Present' : 'Absent';
    await rowOf(account)
      .getByRole('button', { name: `${button} ${account.name}` })
      .click();
    await expect(page.getByText(CLASS_MESSAGES.marked(account.name, mark))).toBeVisible();
  };
  await expect(rowOf(joined)).toContainText('Joined');
  await expect(rowOf(missing)).toContainText('Absent');
  await expect(page.getByTestId('attendance-rate')).toHaveText('1 of 2 attended, 50 %');

  await markAs(joined, 'absent');
  await expect(rowOf(joined)).toContainText(`Marked by ${admin.name}`);
  await expect(rowOf(joined)).toContainText('Absent');
  await expect(page.getByTestId('attendance-rate')).toHaveText('0 of 2 attended, 0 %');
  await markAs(missing, 'present');
  await expect(rowOf(missing)).toContainText('Present');
  await expect(page.getByTestId('attendance-rate')).toHaveText('1 of 2 attended, 50 %');
  expect(
    count(
      'select count(*) as n from live_attendance_marks where session_id = ? and marked_by = ?',
      session.id,
      admin.id,
    ),
  ).toBe(2);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'live-attendance');

  // The CSV: the same rows, read back by Python's csv module (an RFC 4180 reader not ours).
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}-\d{2}\.csv$/);
  const response = await get(`/mentor/live/${session.id}/attendance.csv`, admin.cookie);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const [header, ...records] = readCsvInPython(await response.text());
  expect(header).toEqual([...ATTENDANCE_CSV_HEADER]);
  const byName = Object.fromEntries(records.map((record) => [record[2], record]));
  expect(byName[joined.name]).toMatchObject({
    0: 'Attendance clinic',
    3: joined.id,
    4: 'Absent',
    6: admin.name,
  });
  expect(byName[joined.name]![5]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect(byName[missing.name]).toMatchObject({ 3: missing.id, 4: 'Present', 5: '', 6: admin.name });
  expect(records).toHaveLength(2);

  // The student's admin page: their rate once the class has ended and the one they missed.
  await withE2eDatabase((db) =>
    db
      .updateTable('live_sessions')
      .set({ starts_at: new Date(Date.now() - 2 * 60 * 60_000).toISOString() })
      .where('id', '=', session.id)
      .execute(),
  );
  await gotoApp(page, `/admin/user-details/${joined.id}`);
  await expect(page.getByTestId('user-attendance-rate')).toHaveText(
    'Attendance: 0 of 1 attended, 0 %.',
  );
  await expect(
    page
      .getByRole('region', { name: 'Live classes' })
      .getByRole('link', { name: 'Attendance clinic' }),
  ).toHaveAttribute('href', `/mentor/live/${session.id}`);
  // The mentors' rosters show each student's rate.
  await gotoApp(page, '/mentor/cohorts');
  await expect(page.getByRole('row', { name: new RegExp(missing.name) })).toContainText(
    '1 of 1 attended, 100 %',
  );
});

test('role × route: the class pages, their .data, the CSV and the actions @http', async ({
  baseURL,
}) => {
  // Raw requests, to the server the pages use.
  expect(baseURL).toBe(E2E_ORIGIN);
  const { id: cohort, name: cohortName } = await uniqueCohort('Rights');
  const { id: elsewhere } = await uniqueCohort('Elsewhere');
  const { student, otherStudent, mentor, otherMentor, none, admin } = await rightsCast(
    cohort,
    elsewhere,
  );
  const session = await classOf(cohort, 'Rights class', 10);

  const overview = ['/mentor/classes', '/mentor/classes.data'];
  const own = [
    `/mentor/classes/${cohort}`,
    `/mentor/classes/${cohort}.data`,
    `/mentor/live/${session.id}`,
    `/mentor/live/${session.id}.data`,
    `/mentor/live/${session.id}/attendance.csv`,
  ];
  const marks = () =>
    count('select count(*) as n from live_attendance_marks where session_id = ?', session.id);
  const actions = [
    [`/mentor/classes/${cohort}`, addFields()],
    [
      `/mentor/live/${session.id}`,
      { intent: 'mark-attendance', userId: student.id, mark: 'present' },
    ],
    [`/mentor/live/${session.id}`, { intent: 'cancel-class' }],
  ] as const;

  const refused = [
    ['visitor', ''],
    ['none', none.cookie],
    ['level-1 of the cohort', student.cookie],
    ['level-1 of another cohort', otherStudent.cookie],
    ['mentor of another cohort', otherMentor.cookie],
  ] as const;
  for (const [who, cookie] of refused) {
    const paths = who === 'mentor of another cohort' ? own : [...overview, ...own];
    for (const path of paths) {
      const response = await get(path, cookie);
      expect(response.status, `${who} ${path}`).toBe(403);
      expect(await response.text(), `${who} ${path}`).not.toContain('meet.example.com');
    }
    for (const [path, fields] of actions) {
      expect((await postForm(path, cookie, fields)).status, `${who} POST ${fields.intent}`).toBe(
        403,
      );
    }
  }
  // The mentor of another cohort has the overview, without this cohort on it.
  const theirs = await get('/mentor/classes', otherMentor.cookie);
  expect(theirs.status).toBe(200);
  expect(await theirs.text()).not.toContain(cohortName);
  expect(classesOfCohort(cohort)).toBe(1);
  expect(marks()).toBe(0);
  expect(
    count(
      'select count(*) as n from live_sessions where id = ? and status = ?',
      session.id,
      'scheduled',
    ),
  ).toBe(1);

  // The cohort's mentor and an admin: every page, and the actions work.
  for (const [who, cookie] of [
    ['mentor of the cohort', mentor.cookie],
    ['admin', admin.cookie],
  ] as const) {
    for (const path of [...overview, ...own]) {
      expect((await get(path, cookie)).status, `${who} ${path}`).toBe(200);
    }
  }
  const added = await postForm(actions[0][0], mentor.cookie, actions[0][1]);
  expect(added.status).toBe(302);
  expect(classesOfCohort(cohort)).toBe(2);
  expect((await postForm(actions[1][0], mentor.cookie, actions[1][1])).status).toBe(302);
  expect(marks()).toBe(1);
  // A student of another cohort cannot be marked on this class.
  const outsider = await postForm(`/mentor/live/${session.id}`, admin.cookie, {
    intent: 'mark-attendance',
    userId: otherStudent.id,
    mark: 'present',
  });
  expect(outsider.status).toBe(400);
  expect(marks()).toBe(1);
  expect((await postForm(actions[2][0], admin.cookie, actions[2][1])).status).toBe(302);
  // Cancelled: no more changes.
  const again = await postForm(actions[2][0], admin.cookie, actions[2][1]);
  expect(again.status).toBe(409);
  expect((await get('/mentor/live/no-such-class', admin.cookie)).status).toBe(404);
  expect((await get('/mentor/classes/no-such-cohort', admin.cookie)).status).toBe(404);
  expect((await get('/mentor/live/no-such-class/attendance.csv', admin.cookie)).status).toBe(404);
});
