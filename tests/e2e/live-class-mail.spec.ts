import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addLiveClasses } from '../../app/features/live-classes/live-sessions.server';
import { queueDueReminders } from '../../app/features/live-classes/class-reminders.server';
import { insertCohort } from '../support/factories';
import { E2E_ORIGIN } from '../e2e-origin';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { createAccount, openAsNewAccount, type TestAccount } from './sessions';
import { withE2eDatabase } from './e2e-database';

const HOUR = 60 * 60 * 1000;

/** A level-1 student of a cohort of their own (unique per run and retry) with one class. */
async function studentWithClass(
  startsIn: number,
): Promise<{ student: TestAccount; title: string }> {
  const student = await createAccount('level-1', 'Lara Live');
  const suffix = randomBytes(4).toString('hex');
  const title = `Hooks clinic ${suffix}`;
  await withE2eDatabase(async (db) => {
    await insertCohort(db, {
      id: `mail-${suffix}`,
      name: `Mail cohort ${suffix}`,
      startDate: null,
    });
    await db
      .updateTable('users')
      .set({ cohort: `mail-${suffix}` })
      .where('id', '=', student.id)
      .execute();
    const now = new Date();
    await addLiveClasses(
      db,
      `mail-${suffix}`,
      {
        title,
        description: 'Bring a component that re-renders too often.',
        startsAt: new Date(now.getTime() + startsIn),
        durationMinutes: 60,
        joinUrl: 'https://meet.example/hooks-room',
        step: null,
        repeatWeeks: 1,
      },
      { id: 'e2e-admin', name: 'E2E Admin' },
      now,
    );
  });
  return { student, title };
}

const reminderSettings = (student: TestAccount) =>
  withE2eDatabase((db) =>
    db
      .selectFrom('users')
      .select(['reminder_emails', 'email_token'])
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow(),
  );

test.describe('live-class e-mail', () => {
  test('the invitation of a new class is at /dev-mail with its .ics, which downloads', async ({
    page,
  }) => {
    const { student, title } = await studentWithClass(3 * 24 * HOUR);
    // The worker polls the outbox (a class added from a page wakes it at once).
    await expect(async () => {
      await gotoApp(page, '/dev-mail');
      await expect(page.getByRole('link').filter({ hasText: student.email })).toHaveCount(1);
    }).toPass({ timeout: 30_000 });
    await page.getByRole('link').filter({ hasText: student.email }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Live class: ${title}` }),
    ).toBeVisible();
    const attachments = page.getByRole('region', { name: 'Attachments' });
    // The alternative and the file are both text/calendar (RFC 6047), never application/ics.
    await expect(attachments).toContainText('text/calendar');
    await expect(attachments).not.toContainText('application/ics');
    const text = page.getByRole('region', { name: 'Text part' });
    await expect(text).toContainText('/join');
    await expect(text).not.toContainText('hooks-room');
    await expect(
      page
        .frameLocator('iframe[title^="The HTML part"]')
        .getByRole('link', { name: 'Join the class' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, ['iframe[title^="The HTML part"]']);
    await saveFullPageScreenshot(page, 'invitation-mail');

    const downloading = page.waitForEvent('download');
    await attachments.getByRole('link', { name: 'invitation.ics' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('invitation.ics');
    // Unfolded: iCalendar folds lines longer than 75 octets.
    const ics = readFileSync((await download.path())!, 'utf8').replace(/\r\n /g, '');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`SUMMARY:${title}`);
    expect(ics).toMatch(/ATTENDEE;[^\r\n]*:MAILTO:/i);
    expect(ics).toContain(student.email);
  });

  test('a reminder’s unsubscribe link: the page asks, a one-click POST turns reminders off', async ({
    page,
    request,
    playwright,
  }) => {
    const { student } = await studentWithClass(2 * HOUR);
    await withE2eDatabase((db) => queueDueReminders(db, new Date()));
    const { email_token: token } = await reminderSettings(student);
    expect(token).toBeTruthy();
    const path = `/unsubscribe/${token}`;

    // Opening the link (a visitor, or any signed-in person) changes nothing.
    await gotoApp(page, path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Live-class reminders' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off reminders' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'i27-unsubscribe');
    expect((await request.get(`${path}.data`)).status()).toBe(200);
    expect((await reminderSettings(student)).reminder_emails).toBe(1);

    // The page's button, as the student uses it.
    await openAsNewAccount(page, path, 'level-1');
    await page.getByRole('button', { name: 'Turn off reminders' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Reminders are off: you will get no more live-class reminders.',
    );
    await expectNoAxeViolations(page);
    expect((await reminderSettings(student)).reminder_emails).toBe(0);

    // A mail client's one-click POST, without a cookie: from its server (no Origin), or
    // from a page of another site.
    const mailClient = await playwright.request.newContext();
    for (const origin of [undefined, 'https://mail.example']) {
      await withE2eDatabase((db) =>
        db.updateTable('users').set({ reminder_emails: 1 }).where('id', '=', student.id).execute(),
      );
      const oneClick = await mailClient.post(`${E2E_ORIGIN}${path}`, {
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(origin && { Origin: origin }),
        },
        data: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status()).toBe(200);
      expect((await reminderSettings(student)).reminder_emails).toBe(0);
    }
    await mailClient.dispose();

    // An unknown token: 404, and nothing changes.
    for (const response of [
      await request.get('/unsubscribe/not-a-real-token-at-all-000000000'),
      await request.post('/unsubscribe/not-a-real-token-at-all-000000000', {
        headers: { Origin: 'https://mail.example' },
        form: { 'List-Unsubscribe': 'One-Click' },
      }),
    ]) {
      expect(response.status()).toBe(404);
    }
  });
});
