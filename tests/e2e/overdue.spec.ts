import type { Page } from '@playwright/test';
import {
  OVERDUE_INTENTS,
  OVERDUE_MESSAGES,
  UPDATE_PAYMENT_PATH,
} from '../../app/features/enrolment/overdue';
import { sweepOverdue } from '../../app/features/enrolment/overdue.server';
import { insertEnrolment, insertOrder, insertPayment } from '../support/factories';
import { E2E_ORIGIN } from '../e2e-origin';
import { payWithLocalProvider } from './checkout';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageAtBothWidths, saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import {
  createAccount,
  separatePageOfNewAccount,
  signInNewAccount,
  type TestAccount,
} from './sessions';
import { readRow, readValue, withE2eDatabase } from './e2e-database';

const PLAN = 'FrontEnd Bootcamp in 3 Installments';
const DAY = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 14;
const FAILED = 'Your installment payment did not go through';
const REMINDED_3 = 'Reminder: your installment is still unpaid';
const REMINDED_7 = 'Reminder: your installment is a week overdue';
const PAUSED = 'Your course access is paused';
const RESTORED = 'Your course access is back';
const INSTALLMENT_2_RECEIVED = 'Installment 2 of 3 received';

/**
 * The overdue sweep as the server runs it, against the e2e database, `days` after the
 * order's installment failed: time passes without sleeping by moving this one failure into
 * the past (a clock moved forward for the whole sweep would age other specs' overdue
 * enrolments in the shared database too).
 */
function sweepAt(orderId: string, days: number) {
  const now = new Date();
  return withE2eDatabase(async (db) => {
    await db
      .updateTable('enrolments')
      .set({ overdue_since: new Date(now.getTime() - days * DAY).toISOString() })
      .where('order_id', '=', orderId)
      .execute();
    return sweepOverdue(db, { now, graceDays: GRACE_DAYS });
  });
}

/** The "Your enrolment" panel of the page (decision 068). */
const enrolmentPanel = (page: Page) => page.getByRole('region', { name: 'Your enrolment' });

/**
 * The local mailbox lists each of `subjects` for `email` once. The sweep here queues them
 * from the test's process, so the server's worker sends them at its next poll (15 s).
 */
async function expectMails(page: Page, email: string, subjects: string[]) {
  await expect(async () => {
    await gotoApp(page, '/dev-mail');
    for (const subject of subjects) {
      await expect(
        page.getByRole('link').filter({ hasText: email }).filter({ hasText: subject }),
      ).toHaveCount(1, { timeout: 500 });
    }
  }).toPass({ timeout: 30_000 });
}

/** A student whose second installment failed `days` ago, written straight as rows. */
async function seedOverdue(name: string, days: number) {
  const student = await createAccount('level-1', name);
  const orderId = `ord-overdue-${student.id}`;
  const enrolmentId = `enr-overdue-${student.id}`;
  await withE2eDatabase(async (db) => {
    await insertOrder(db, {
      id: orderId,
      userId: student.id,
      planId: 'fed-installments',
      amount: 15_000,
      installments: 3,
      status: 'paid',
    });
    await insertEnrolment(db, {
      id: enrolmentId,
      userId: student.id,
      orderId,
      planId: 'fed-installments',
      status: 'overdue',
      installmentsPaid: 1,
      installmentsTotal: 3,
    });
    await db
      .updateTable('enrolments')
      .set({ overdue_since: new Date(Date.now() - days * DAY).toISOString() })
      .where('id', '=', enrolmentId)
      .execute();
  });
  return { student, enrolmentId };
}

test.describe('installments that chase themselves (issue 32)', () => {
  test('a failed installment is chased by e-mail, pauses access after the grace period, and paying it brings access back', async ({
    page,
    context,
  }) => {
    // Pay, fail, four sweeps, the pause and the payment, with the enrolment panel checked on
    // two pages at two widths: about a minute, more on a loaded machine.
    test.setTimeout(180_000);
    const student = await signInNewAccount(context, 'none', 'Overdue Student');
    const checkout = await payWithLocalProvider(page, PLAN, '$150');
    const orderId = new URL(checkout.url()).searchParams.get('order')!;

    // The schedule, the same on the course home and on the account page.
    for (const path of ['/fed/home', '/account']) {
      await gotoApp(page, path);
      const panel = enrolmentPanel(page);
      await expect(panel).toContainText(PLAN);
      await expect(panel).toContainText('In all$450');
      await expect(panel).toContainText('Left to pay$300');
      const rows = panel.getByRole('row');
      await expect(rows.nth(1)).toContainText(/1 of 3\$150\d{1,2} \w{3} \d{4}paid/);
      await expect(rows.nth(1).getByRole('link', { name: /Receipt/ })).toBeVisible();
      await expect(rows.nth(2)).toContainText(/2 of 3\$150\d{1,2} \w{3} \d{4}due/);
      await expect(rows.nth(3)).toContainText(/3 of 3\$150\d{1,2} \w{3} \d{4}due/);
      await expectNoAxeViolations(page);
      await saveFullPageAtBothWidths(page, `enrolment-schedule${path.replaceAll('/', '-')}`);
    }

    // The provider reports the second installment failed: the e-mail goes at once.
    await gotoApp(checkout, `/dev-pay/${orderId}`);
    await checkout.getByRole('button', { name: 'Fail the next installment' }).click();
    await expect(checkout.getByText('A failed installment was simulated.')).toBeVisible();
    await expectMails(page, student.email, [FAILED]);

    // Before the pause the student sees the amount, the pause day and the way to pay.
    await gotoApp(page, '/fed/home');
    const overdue = enrolmentPanel(page).getByRole('status');
    await expect(overdue).toContainText(
      /Installment 2 of 3 \(\$150\) is overdue since \d{1,2} \w{3}\./,
    );
    await expect(overdue).toContainText(
      /Pay \$150 before \d{1,2} \w+ \d{4}, or your access to the course pauses on that day/,
    );
    await expect(overdue.getByRole('link', { name: 'Update your payment' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveFullPageAtBothWidths(page, 'enrolment-overdue');

    // The clock moves on in the sweep: reminders on days 3 and 7, the pause on day 14.
    expect((await sweepAt(orderId, 3)).reminded).toBeGreaterThanOrEqual(1);
    await sweepAt(orderId, 3.5);
    await sweepAt(orderId, 7);
    await sweepAt(orderId, 13.9);
    await gotoApp(page, '/fed/javascript');
    await expect(page.getByRole('heading', { name: 'Permission Denied' })).toHaveCount(0);
    expect((await sweepAt(orderId, GRACE_DAYS)).userIds).toContain(student.id);
    await expectMails(page, student.email, [REMINDED_3, REMINDED_7, PAUSED]);

    // The paused student's page says what the course home says, and leads to the payment.
    await gotoApp(page, '/fed/javascript');
    await expect(page.getByRole('heading', { name: 'Permission Denied' })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'Access paused' });
    await expect(
      notice.getByText(
        /^Access paused: installment 2 of 3 \(\$150\) is overdue since \d{1,2} \w{3}$/,
      ),
    ).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Update your payment' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveFullPageAtBothWidths(page, 'overdue-paused-student');

    // The course home says paused, not Enroll, and the header sells nothing.
    await gotoApp(page, '/fed/home');
    await expect(
      enrolmentPanel(page).getByText(
        /^Access paused: installment 2 of 3 \(\$150\) is overdue since \d{1,2} \w{3}$/,
      ),
    ).toBeVisible();
    await expect(page.getByText('Enroll to unlock the protected steps')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Enroll Now' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveFullPageAtBothWidths(page, 'enrolment-paused-home');

    // Update your payment: the local provider's page, which pays the missed installment.
    await enrolmentPanel(page).getByRole('link', { name: 'Update your payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/dev-pay/${orderId}$`));
    await expect(page.getByText('Paid 1 of 3 (overdue)')).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/success\?order=/);
    // The success page and the e-mail name the installment, not a first enrolment's words.
    await expect(page.getByRole('heading', { name: INSTALLMENT_2_RECEIVED })).toBeVisible();
    await expect(page.getByText(/is being prepared/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveFullPageAtBothWidths(page, 'overdue-installment-received');
    expect(readValue<string>('select access from users where id = ?', student.id)).toBe('level-1');
    await gotoApp(page, '/fed/javascript');
    await expect(page.getByRole('heading', { name: 'Permission Denied' })).toHaveCount(0);
    await gotoApp(page, '/fed/home');
    await expect(enrolmentPanel(page).getByRole('status')).toHaveCount(0);
    await expect(enrolmentPanel(page).getByRole('row').nth(2)).toContainText('paid');
    await expect(enrolmentPanel(page)).toContainText('Left to pay$150');
    await expectMails(page, student.email, [RESTORED, INSTALLMENT_2_RECEIVED]);
    // Settled: a later sweep sends nothing more.
    expect((await sweepAt(orderId, 30)).userIds).not.toContain(student.id);
  });

  test("the admin's Overdue view: days overdue, a refused extension's message, an extension and a waiver", async ({
    browser,
  }) => {
    const late = await seedOverdue('Late Payer', 10);
    const waived = await seedOverdue('Waived Payer', 4);
    const elsewhere = await seedOverdue('Elsewhere Payer', 6);
    const {
      context,
      page,
      account: admin,
    } = await separatePageOfNewAccount(browser, 'admin', 'Overdue Admin');
    await gotoApp(page, '/admin/payments?status=overdue');
    const list = page.getByRole('region', { name: /Overdue installments/ });
    const lateRow = list.getByRole('listitem').filter({ hasText: late.student.email });
    await expect(lateRow).toContainText('10 days overdue');
    await expect(lateRow).toContainText('installment 2 of 3');
    await expect(lateRow).toContainText('Access pauses on');
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'overdue-admin-list');

    // Bad input gets the field's message (the browser's own checks set aside, as a tampered
    // or script-less form could send it).
    await lateRow.getByText('Extend or waive').click();
    const extend = lateRow.getByRole('form', { name: 'Extend the grace period' });
    await extend.evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await extend.getByLabel('Extra days before the pause').fill('0');
    await extend.getByLabel('Reason').fill('');
    await extend.getByRole('button', { name: 'Extend the grace period' }).click();
    const refused = page
      .getByRole('region', { name: /Overdue installments/ })
      .getByRole('listitem')
      .filter({ hasText: late.student.email })
      .getByRole('form', { name: 'Extend the grace period' });
    await expect(refused.getByText(OVERDUE_MESSAGES.days)).toBeVisible();
    await expect(refused.getByText(OVERDUE_MESSAGES.reason)).toBeVisible();
    await expectNoAxeViolations(page);

    // Another admin's waiver refreshes the list live: the form being corrected stays open.
    const other = await postForm('/admin/payments?status=overdue', admin.cookie, {
      intent: OVERDUE_INTENTS.waive,
      enrolmentId: elsewhere.enrolmentId,
      reason: 'Settled by phone',
    });
    expect(other.status).toBe(302);
    await expect(
      list.getByRole('listitem').filter({ hasText: elsewhere.student.email }),
    ).toHaveCount(0);
    await expect(refused.getByLabel('Extra days before the pause')).toBeVisible();

    await refused.getByLabel('Extra days before the pause').fill('10');
    await refused.getByLabel('Reason').fill('Salary comes late this month');
    await refused.getByRole('button', { name: 'Extend the grace period' }).click();
    await expect(page.getByText(/Late Payer's access now pauses on/)).toBeVisible();
    expect(
      readRow<{ reason: string; changed_by_name: string }>(
        'select reason, changed_by_name from enrolment_changes where enrolment_id = ?',
        late.enrolmentId,
      ),
    ).toEqual({ reason: 'Salary comes late this month', changed_by_name: 'Overdue Admin' });

    const waivedRow = page
      .getByRole('region', { name: /Overdue installments/ })
      .getByRole('listitem')
      .filter({ hasText: waived.student.email });
    await waivedRow.getByText('Extend or waive').click();
    const waive = waivedRow.getByRole('form', { name: 'Waive the installment' });
    await waive.getByLabel('Reason').fill('Hardship: agreed on a call');
    await waive.getByRole('button', { name: 'Waive installment 2' }).click();
    await expect(page.getByText(OVERDUE_MESSAGES.waived('Waived Payer'))).toBeVisible();
    expect(
      readRow<{ status: string; installments_paid: number }>(
        'select status, installments_paid from enrolments where id = ?',
        waived.enrolmentId,
      ),
    ).toEqual({ status: 'active', installments_paid: 2 });

    // The person's history on their admin page says who waived it and why.
    await gotoApp(page, `/admin/user-details/${waived.student.id}`);
    await expect(
      page.getByText(
        'Overdue Admin waived an installment: Installment 2 of 3 waived. Reason: Hardship: agreed on a call',
      ),
    ).toBeVisible();
    await context.close();
  });

  test('a paused student’s FrontEnd and FullStack Permission Denied pages say what the course home says, with the way to pay @http', async () => {
    const { student, enrolmentId } = await seedOverdue('Paused Payer', GRACE_DAYS + 1);
    await withE2eDatabase(async (db) => {
      await insertPayment(db, {
        id: `pay-overdue-${student.id}`,
        orderId: `ord-overdue-${student.id}`,
        userId: student.id,
        amount: 15_000,
        createdAt: new Date(Date.now() - (GRACE_DAYS + 31) * DAY).toISOString(),
      });
      await db
        .updateTable('enrolments')
        .set({ paused_at: new Date().toISOString() })
        .where('id', '=', enrolmentId)
        .execute();
      await db.updateTable('users').set({ access: 'none' }).where('id', '=', student.id).execute();
    });
    for (const path of ['/fed/javascript', '/fsd/express']) {
      const answer = await fetch(`${E2E_ORIGIN}${path}`, { headers: { cookie: student.cookie } });
      expect(answer.status, path).toBe(403);
      const html = await answer.text();
      expect(html, path).toMatch(
        /Access paused: installment 2 of 3 \(\$150\) is overdue since \d{1,2} \w{3}</,
      );
      expect(html, path).toContain(`href="${UPDATE_PAYMENT_PATH}"`);
    }
  });

  test('role × route: only an admin may extend or waive, and nothing changes for anyone else @http', async () => {
    const { enrolmentId } = await seedOverdue('Guarded Payer', 5);
    const visitor = { cookie: '' } as Pick<TestAccount, 'cookie'>;
    const people = [
      visitor,
      await createAccount('none', 'No Access'),
      await createAccount('level-1', 'A Student'),
    ];
    const forms: Record<string, string>[] = [
      { intent: OVERDUE_INTENTS.extend, enrolmentId, days: '5', reason: 'Not mine to give' },
      { intent: OVERDUE_INTENTS.waive, enrolmentId, reason: 'Not mine to waive' },
    ];
    for (const person of people) {
      for (const form of forms) {
        const answer = await postForm('/admin/payments?status=overdue', person.cookie, form);
        expect(answer.status, `${form.intent} by ${person.cookie || 'a visitor'}`).toBe(403);
      }
    }
    expect(
      readValue<number>(
        'select count(*) from enrolment_changes where enrolment_id = ?',
        enrolmentId,
      ),
    ).toBe(0);
    const admin = await createAccount('admin', 'Guard Admin');
    const answer = await postForm('/admin/payments?status=overdue', admin.cookie, forms[1]!);
    expect(answer.status).toBe(302);
    expect(readValue<string>('select status from enrolments where id = ?', enrolmentId)).toBe(
      'active',
    );
  });
});
