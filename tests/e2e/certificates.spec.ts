import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { COURSE_STEPS } from '../../app/content/course-steps';
import {
  CERTIFICATE_MESSAGES,
  noteRequiredMessage,
} from '../../app/features/certificates/certificate-form';
import { expect, expectNoAxeViolations, gotoApp, reloadApp, test } from './fixtures';
import {
  saveFullPageScreenshot,
  saveScreenshot,
  SCREENSHOTS_WANTED,
  screenshotPath,
} from './screenshots';
import { postForm } from './form-posts';
import { expectMail } from './mailbox';
import { insertApprovedProjects } from '../support/factories';
import { issueCertificate } from '../../app/features/certificates/certificates.server';
import { grantFullstack } from '../../app/features/fullstack/fullstack-grants.server';
import {
  createAccount,
  separatePage,
  signInNewAccount,
  type TestAccount,
  useAccount,
} from './sessions';
import { openE2eDatabase, readRows, runStatement, withE2eDatabase } from './e2e-database';
import { E2E_ORIGIN } from '../e2e-origin';

const ORIGIN = E2E_ORIGIN;
const ISSUED_SUBJECT = 'Your certificate of completion is ready';
const NUMBERED = COURSE_STEPS.filter((step) => step.number !== undefined).map((step) => step.slug);

/** Marks the first `count` numbered steps complete, as the student's buttons would. */
function completeSteps(userId: string, count = NUMBERED.length): void {
  const db = openE2eDatabase();
  try {
    const insert = db.prepare(
      'insert into step_completions (user_id, step, completed_at) values (?, ?, ?)',
    );
    const start = Date.now() - 8 * 86_400_000;
    NUMBERED.slice(0, count).forEach((step, index) =>
      insert.run(userId, step, new Date(start + index * 86_400_000).toISOString()),
    );
  } finally {
    db.close();
  }
}

interface CertificateRow {
  id: string;
  name: string;
  note: string | null;
  listed: number;
  revoked_at: string | null;
}

function certificatesOf(userId: string): CertificateRow[] {
  return readRows(
    'select id, name, note, listed, revoked_at from certificates where user_id = ? order by issued_at desc',
    userId,
  );
}

/**
 * A certificate written straight to the database, for tests about who may see what: with the
 * next bit of the status list and a salt, as issuing gives them, so it has its credential.
 */
function insertCertificate(user: TestAccount, name = user.name): string {
  const id = randomBytes(16).toString('base64url');
  runStatement(
    `insert into certificates (id, user_id, name, track, cohort_name, issued_at, issued_by, issued_by_name, listed, status_index, identity_salt)
     values (?, ?, ?, 'frontend', 'Cohort 1', ?, 'e2e', 'E2E Admin', 0,
             (select coalesce(max(status_index), -1) + 1 from certificates), ?)`,
    id,
    user.id,
    name,
    new Date().toISOString(),
    randomBytes(16).toString('hex'),
  );
  return id;
}

/** The day as the certificate prints it: `22 November 2026`. */
const today = () =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());

const certificateSection = (page: Page) =>
  page.getByRole('region', { name: 'Certificate', exact: true });

test.describe('certificates', () => {
  test('(a) after all 8 steps an admin issues the certificate; anyone can check it; the e-mail arrives; revoked, it says so', async ({
    page,
    browser,
  }) => {
    const suffix = randomBytes(3).toString('hex');
    const student = await createAccount('level-1', `Grace ${suffix}`);
    completeSteps(student.id);
    const admin = await createAccount('admin', 'Cert Admin');
    await withE2eDatabase((db) => insertApprovedProjects(db, student.id, admin));
    await useAccount(page.context(), admin);

    await gotoApp(page, `/admin/user-details/${student.id}`);
    const progress = page.getByRole('region', { name: 'Progress' });
    await expect(progress.getByTestId('progress-summary')).toHaveText('8 of 8 steps completed');
    await expect(progress.getByRole('listitem')).toHaveCount(8);
    await expect(progress.getByRole('listitem').first()).toContainText('Step 1: Roadmap');
    await expect(progress.getByRole('listitem').last()).toContainText(/Completed \d+ \w+ \d{4}/);

    const section = certificateSection(page);
    await expect(section).toContainText('All 8 steps are complete. Projects approved: 7 of 7.');
    const nameField = section.getByLabel('Name on the certificate');
    await expect(nameField).toHaveValue(student.name);
    const printedName = `Grace Adaeze ${suffix}`;
    await nameField.fill(printedName);
    await section.getByRole('button', { name: 'Issue certificate' }).click();
    await expect(page.getByText(CERTIFICATE_MESSAGES.issued)).toBeVisible();
    const [certificate] = certificatesOf(student.id);
    expect(certificate).toMatchObject({ name: printedName, note: null, listed: 0 });
    const path = `/certificates/${certificate!.id}`;
    await expect(section.getByRole('link', { name: path })).toBeVisible();
    await expect(section).toContainText('Valid');
    await expect(page.getByTestId('change-history')).toContainText(
      `Certificate issued by Cert Admin to “${printedName}”`,
    );

    // A browser with no session checks it.
    const visitor = await separatePage(browser);
    const response = await gotoApp(visitor.page, path);
    expect(response?.status()).toBe(200);
    const card = visitor.page.getByTestId('certificate');
    await expect(
      visitor.page.getByRole('heading', { level: 1, name: 'Certificate of completion' }),
    ).toBeVisible();
    await expect(visitor.page.getByTestId('certificate-name')).toHaveText(printedName);
    await expect(card).toContainText('FrontEnd Developer Bootcamp');
    await expect(card).toContainText(today());
    await expect(visitor.page.getByTestId('certificate-status')).toHaveText('Valid');
    await expect(visitor.page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await expectMail(page, student.email, ISSUED_SUBJECT);

    // The student finds it on the course home and in the conclusion step.
    const studentContext = await browser.newContext();
    await useAccount(studentContext, student);
    const studentPage = await studentContext.newPage();
    for (const path of ['/fed/home', '/fed/conclusion']) {
      await gotoApp(studentPage, path);
      const mine = studentPage.getByRole('region', { name: 'Your certificate' });
      await expect(mine.getByRole('link', { name: /view/i }).first()).toHaveAttribute(
        'href',
        new RegExp(`/certificates/${certificatesOf(student.id)[0]!.id}`),
      );
      await expect(mine.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
        'href',
        /^https:\/\/www\.linkedin\.com\/profile\/add\?/,
      );
    }
    await expectNoAxeViolations(studentPage);
    await studentContext.close();

    // Revoking needs a reason.
    await gotoApp(page, `/admin/user-details/${student.id}`);
    await section.getByRole('button', { name: 'Revoke' }).click();
    await expect(section.getByRole('alert')).toHaveText(CERTIFICATE_MESSAGES.reason);
    expect(certificatesOf(student.id)[0]?.revoked_at).toBeNull();
    await section.getByLabel('Reason').fill('Issued to the wrong account');
    await section.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(CERTIFICATE_MESSAGES.revoked)).toBeVisible();
    await expect(section).toContainText('No valid certificate: the last one was revoked.');
    await expect(page.getByTestId('change-history')).toContainText(
      'Certificate revoked by Cert Admin: Issued to the wrong account',
    );

    await reloadApp(visitor.page);
    const status = visitor.page.getByTestId('certificate-status');
    await expect(status).toContainText('Revoked');
    await expect(status).toContainText(today());
    await expect(visitor.page.getByText('Issued to the wrong account')).toHaveCount(0);
    await expect(visitor.page.getByRole('link', { name: /LinkedIn/ })).toHaveCount(0);
    await visitor.context.close();
  });

  test('(b) issuing before all 8 steps is refused without a note, and works with one', async ({
    page,
  }, testInfo) => {
    const student = await createAccount('level-1', `Early ${testInfo.project.name}`);
    completeSteps(student.id, 3);
    await signInNewAccount(page.context(), 'admin', 'Early Admin');
    await gotoApp(page, `/admin/user-details/${student.id}`);
    await expect(page.getByTestId('progress-summary')).toHaveText('3 of 8 steps completed');
    const section = certificateSection(page);
    await expect(section).toContainText('3 of 8 steps are complete.');
    await expect(section.getByLabel('Note (required)')).toBeVisible();

    await section.getByRole('button', { name: 'Issue certificate' }).click();
    await expect(section.getByRole('alert')).toHaveText(
      noteRequiredMessage({ track: 'frontend', stepsDone: 3, projectsApproved: 0 }),
    );
    expect(certificatesOf(student.id)).toEqual([]);

    await section.getByLabel('Note (required)').fill('Finished every project in the live classes.');
    await section.getByRole('button', { name: 'Issue certificate' }).click();
    await expect(page.getByText(CERTIFICATE_MESSAGES.issued)).toBeVisible();
    expect(certificatesOf(student.id)[0]).toMatchObject({
      note: 'Finished every project in the live classes.',
    });
    await expect(section).toContainText('Finished every project in the live classes.');
    await expect(page.getByTestId('change-history')).toContainText(
      'before every step was complete. Note: Finished every project in the live classes.',
    );
  });

  test('(b3) the form names the track: a FullStack certificate on FrontEnd progress alone is refused without the note (screenshots at 1280 and 375 px)', async ({
    page,
  }, testInfo) => {
    const student = await createAccount('level-1', 'Ngozi Moved Up');
    completeSteps(student.id);
    const admin = await createAccount('admin', 'Track Admin');
    await withE2eDatabase(async (db) => {
      await insertApprovedProjects(db, student.id, admin);
      await grantFullstack(db, { userId: student.id, admin, reason: 'Moved up to FullStack' });
    });
    await useAccount(page.context(), admin);
    await gotoApp(page, `/admin/user-details/${student.id}`);
    const section = certificateSection(page);
    const track = section.getByRole('group', { name: 'Track' });
    await expect(track.getByRole('radio', { name: 'FrontEnd' })).toBeChecked();
    await expect(track).toContainText(
      'FrontEndAll 8 steps are complete. Projects approved: 7 of 7.',
    );
    await expect(track).toContainText(
      'FullStack0 of 7 steps are complete. Projects approved: 0 of 4.',
    );
    await expect(section.getByLabel('Note (optional)')).toBeVisible();

    await track.getByRole('radio', { name: 'FullStack' }).check();
    await expect(section.getByLabel('Note (required)')).toBeVisible();
    await section.getByRole('button', { name: 'Issue certificate' }).click();
    await expect(section.getByRole('alert')).toHaveText(
      noteRequiredMessage({ track: 'fullstack', stepsDone: 0, projectsApproved: 0 }),
    );
    await expect(track.getByRole('radio', { name: 'FullStack' })).toBeChecked();
    expect(certificatesOf(student.id)).toEqual([]);
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'certificate-track-1280');
    await saveScreenshot(section, 'certificate-track-section-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'certificate-track-375');
    await saveScreenshot(section, 'certificate-track-section-375');
    await page.setViewportSize(testInfo.project.use.viewport!);

    await section.getByLabel('Note (required)').fill('Built the FullStack projects at work.');
    await section.getByRole('button', { name: 'Issue certificate' }).click();
    await expect(page.getByText(CERTIFICATE_MESSAGES.issued)).toBeVisible();
    await expect(section).toContainText('FullStack Developer Bootcamp');
    expect(readRows('select track, note from certificates where user_id = ?', student.id)).toEqual([
      { track: 'fullstack', note: 'Built the FullStack projects at work.' },
    ]);
  });

  test('(b2) a double click on Issue certificate issues one; a refusal because another admin issued it meanwhile shows that certificate', async ({
    page,
  }) => {
    const student = await createAccount('level-1', 'Double Click Student');
    completeSteps(student.id, 3);
    await signInNewAccount(page.context(), 'admin', 'Double Click Admin');
    await gotoApp(page, `/admin/user-details/${student.id}`);
    const section = certificateSection(page);
    await section.getByLabel('Note (required)').fill('Attended every live class.');
    // The second click of a double click can land while the first request is on its way and
    // before React has rendered the button disabled: the first request is held here until the
    // form has been submitted again.
    const posts: string[] = [];
    let releaseFirst!: () => void;
    const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve));
    await page.route(/\/admin\/user-details\/.*\.data/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts.push(route.request().url());
      await firstReleased;
      return route.continue();
    });
    const held = page.waitForRequest((request) => request.method() === 'POST');
    await section.getByRole('button', { name: 'Issue certificate' }).click({ noWaitAfter: true });
    await held;
    await section.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    releaseFirst();
    await expect(page.getByText(CERTIFICATE_MESSAGES.issued)).toBeVisible();
    expect(posts).toHaveLength(1);
    await expect(section).toContainText('Valid');
    await expect(section.getByRole('alert')).toHaveCount(0);
    expect(certificatesOf(student.id)).toHaveLength(1);

    // The page is left open while another admin revokes and issues again.
    const other = await createAccount('level-1', 'Stale Page Student');
    completeSteps(other.id, 3);
    await gotoApp(page, `/admin/user-details/${other.id}`);
    await expect(section).toContainText('No certificate issued yet.');
    await withE2eDatabase((db) =>
      issueCertificate(db, {
        userId: other.id,
        name: 'Stale Page Student',
        note: 'Issued by the other admin.',
        admin: { id: 'another-admin', name: 'Another Admin' },
      }),
    );
    await section.getByLabel('Note (required)').fill('Attended every live class.');
    await section.getByRole('button', { name: 'Issue certificate' }).click();
    await expect(section.getByRole('alert')).toHaveText(CERTIFICATE_MESSAGES.alreadyValid);
    await expect(section).not.toContainText('No certificate issued yet.');
    await expect(section).toContainText('Issued by the other admin.');
    expect(certificatesOf(other.id)).toHaveLength(1);
  });

  test('(c) the public page prints (by ?print=1 and its button), shares to LinkedIn with its metadata, prints on one landscape page and says when revoked; the admin section offers issue and revoke; no axe violations (screenshots)', async ({
    page,
    browser,
  }, testInfo) => {
    const student = await createAccount('level-1', `Chidinma Okonkwo-Bello`);
    completeSteps(student.id);
    const id = insertCertificate(student);
    const path = `/certificates/${id}`;

    // Print is a button that calls window.print; ?print=1 opens the dialog by itself.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await gotoApp(page, `${path}?print=1`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
    await gotoApp(page, path);
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // Share links, by their attributes only.
    const addToProfile = page.getByRole('link', { name: /Add to LinkedIn profile/ });
    const href = new URL((await addToProfile.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(href.searchParams.get('startTask')).toBe('CERTIFICATION_NAME');
    expect(href.searchParams.get('name')).toBe('FrontEnd Developer Bootcamp');
    expect(href.searchParams.get('organizationName')).toBe('Frontier Dev Academy');
    expect(href.searchParams.get('certUrl')).toBe(`${ORIGIN}${path}`);
    expect(href.searchParams.get('certId')).toBe(id);
    expect(href.searchParams.get('issueYear')).toBe(String(new Date().getUTCFullYear()));
    for (const link of await page.getByRole('link', { name: /LinkedIn/ }).all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${ORIGIN}/media/certificate-share.png`,
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${ORIGIN}${path}`,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      /Chidinma Okonkwo-Bello: Certificate of completion/,
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      /completed the FrontEnd Developer Bootcamp/,
    );

    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveFullPageScreenshot(page, 'certificate');

    // Print: one landscape page on A4 and on Letter; the site's header and footer left out.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('body > header')).toBeHidden();
    await expect(page.locator('body > footer')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    // The printable area of A4 landscape with 10 mm margins, at 96 px per inch.
    await page.setViewportSize({ width: 1047, height: 718 });
    await saveScreenshot(page, 'certificate-print');
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format, landscape: true, printBackground: true });
      if (SCREENSHOTS_WANTED) writeFileSync(screenshotPath(`certificate-${format}`, 'pdf'), pdf);
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
      expect(pages, `${format} pages`).toHaveLength(1);
    }
    const preferred = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(preferred.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    // Landscape by the page's own @page rule: wider than tall.
    const box = preferred.toString('latin1').match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/);
    expect(Number(box?.[1])).toBeGreaterThan(Number(box?.[2]));
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(testInfo.project.use.viewport!);

    // Revoked, for everyone.
    runStatement(
      "update certificates set revoked_at = ?, revoked_by_name = 'E2E Admin', revoked_reason = 'test' where id = ?",
      new Date().toISOString(),
      id,
    );
    await gotoApp(page, path);
    await expect(page.getByTestId('certificate-status')).toContainText('Revoked');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'certificate-revoked');

    // The admin's view of the user: Progress and Certificate, before and after issuing.
    const admin = await browser.newContext(testInfo.project.use);
    await signInNewAccount(admin, 'admin', 'Shot Admin');
    const adminPage = await admin.newPage();
    const early = await createAccount('level-1', `Shot Student`);
    completeSteps(early.id, 5);
    await gotoApp(adminPage, `/admin/user-details/${early.id}`);
    await certificateSection(adminPage).getByRole('button', { name: 'Issue certificate' }).click();
    await expect(certificateSection(adminPage).getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(adminPage);
    await adminPage.evaluate(() => window.scrollTo(0, 0));
    await saveFullPageScreenshot(adminPage, 'admin-user-certificate-issue');
    await gotoApp(adminPage, `/admin/user-details/${student.id}`);
    await expectNoAxeViolations(adminPage);
    await saveFullPageScreenshot(adminPage, 'admin-user-certificate-revoked');
    const valid = await createAccount('level-1', `Valid Student`);
    insertCertificate(valid);
    await gotoApp(adminPage, `/admin/user-details/${valid.id}`);
    await expect(
      certificateSection(adminPage).getByRole('button', { name: 'Revoke' }),
    ).toBeVisible();
    await expectNoAxeViolations(adminPage);
    await saveFullPageScreenshot(adminPage, 'admin-user-certificate-valid');
    await admin.close();
  });

  test('(d) role × route: the public page, the listing choice and unknown ids @http', async () => {
    const owner = await createAccount('level-1', 'Owner Student');
    const other = await createAccount('level-1', 'Other Student');
    const newcomer = await createAccount('none', 'New Comer');
    const admin = await createAccount('admin', 'Role Admin');
    const id = insertCertificate(owner);
    const listing = (cookie: string, listed: string) =>
      postForm(`/certificates/${id}/listing`, cookie, { returnTo: '/fed/home', listed });

    for (const cookie of ['', newcomer.cookie, other.cookie, admin.cookie, owner.cookie]) {
      const page = await fetch(`${ORIGIN}/certificates/${id}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Owner Student');
      const unknown = await fetch(`${ORIGIN}/certificates/AAAAAAAAAAAAAAAAAAAAAA`, {
        headers: { cookie },
      });
      expect(unknown.status).toBe(404);
    }
    for (const cookie of ['', newcomer.cookie, other.cookie, admin.cookie]) {
      expect((await listing(cookie, '1')).status).toBe(403);
    }
    expect(certificatesOf(owner.id)[0]?.listed).toBe(0);
    const listed = await listing(owner.cookie, '1');
    expect(listed.status).toBe(302);
    expect(listed.headers.get('location')).toBe('/fed/home');
    expect(certificatesOf(owner.id)[0]?.listed).toBe(1);
    const indexable = await (await fetch(`${ORIGIN}/certificates/${id}`)).text();
    expect(indexable).not.toContain('<meta name="robots" content="noindex"/>');
    expect((await listing(owner.cookie, '0')).status).toBe(302);
    expect(certificatesOf(owner.id)[0]?.listed).toBe(0);
    // A request from another site is refused before anything else.
    const crossSite = await postForm(`/certificates/${id}/listing`, owner.cookie, 'listed=1', {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(certificatesOf(owner.id)[0]?.listed).toBe(0);
  });
});
