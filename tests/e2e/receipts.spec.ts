import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot, SCREENSHOTS_WANTED, screenshotPath } from './screenshots';
import { payWithLocalProvider } from './checkout';
import { expectMail } from './mailbox';
import { pdfText } from './pdf-text';
import { createAccount, signInNewAccount, useAccount } from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';
import { insertTransfer } from '../support/factories';
import { E2E_ORIGIN } from '../e2e-origin';

const PLAN = 'FrontEnd Bootcamp Upfront';

/** A GET of `path` as `account` (or a visitor), outside any browser. */
function fetchAs(account: { cookie: string } | null, path: string) {
  return fetch(`${E2E_ORIGIN}${path}`, {
    headers: account ? { cookie: account.cookie } : {},
    redirect: 'manual',
  });
}

test.describe('receipts', () => {
  test('a student pays, gets the PDF receipt; another student and a visitor get 404; an admin downloads it from the user page', async ({
    page,
    browser,
  }, testInfo) => {
    // A Yoruba name with a Chinese character: the built server finds the fallback font too.
    const student = await signInNewAccount(page.context(), 'none', 'Ngozi Adébáyọ̀ 李');
    await (await payWithLocalProvider(page, PLAN, '$400')).close();

    const payment = {
      id: readValue<string>('select id from payments where user_id = ?', student.id),
    };
    const number = readValue<number>(
      "select number from issued_receipts where kind = 'payment' and source_id = ?",
      payment.id,
    );
    const printed = `FDA-${String(number).padStart(6, '0')}`;
    const path = `/account/receipts/payment/${payment.id}`;

    // The owner's own session, as the browser holds it.
    const own = await page.request.get(path);
    expect(own.status()).toBe(200);
    expect(own.headers()).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="receipt-${printed}.pdf"`,
      'x-content-type-options': 'nosniff',
    });
    const text = pdfText(await own.body());
    expect(text).toContain(printed);
    expect(text).toContain('$400');
    expect(text).toContain('Ngozi Adébáyọ̀ 李'.normalize('NFC'));
    expect(text).toContain(student.email);
    expect(text).toContain(PLAN);
    expect(text).toMatch(/Status\s+Paid/);
    // A second request is the same receipt.
    expect(pdfText(await (await page.request.get(path)).body())).toContain(printed);

    // The payment e-mail links to it, with the site's origin.
    await expectMail(page, student.email, 'Payment received — your course is unlocked');
    const html = readValue<string>(
      'select html from local_mailbox where recipient = ? order by delivered_at desc',
      student.email,
    );
    expect(html).toContain(`${E2E_ORIGIN}${path}`);
    expect(html).toContain(printed);

    // Another student, a visitor, an unknown id or kind: the same 404.
    const other = await createAccount('level-1', 'Other Student');
    expect((await fetchAs(other, path)).status).toBe(404);
    expect((await fetchAs(null, path)).status).toBe(404);
    expect((await fetchAs(student, '/account/receipts/payment/no-such-payment')).status).toBe(404);
    expect((await fetchAs(student, `/account/receipts/order/${payment.id}`)).status).toBe(404);
    expect((await fetchAs(student, `/account/receipts/transfer/${payment.id}`)).status).toBe(404);

    // An admin downloads it from the student's admin page, in the browser.
    const adminContext = await browser.newContext();
    await signInNewAccount(adminContext, 'admin', 'Receipts Admin');
    const adminPage = await adminContext.newPage();
    await gotoApp(adminPage, `/admin/user-details/${student.id}`);
    const purchases = adminPage.getByRole('region', { name: 'Enrolments and payments' });
    await expect(purchases).toContainText('Payment of $400 through local, paid');
    await expectNoAxeViolations(adminPage);
    const downloading = adminPage.waitForEvent('download');
    await purchases.getByRole('link', { name: 'Download receipt' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`receipt-${printed}.pdf`);
    const saved = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(saved);
    const pdf = readFileSync(saved);
    expect(pdfText(pdf)).toContain(printed);

    // Its first page as people see it, drawn by poppler.
    if (SCREENSHOTS_WANTED) {
      mkdirSync('test-results/screenshots', { recursive: true });
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        saved,
        // pdftoppm adds the extension itself.
        screenshotPath('receipt-pdf').replace(/\.png$/, ''),
      ]);
    }
    await adminContext.close();
  });

  test('an approved bank transfer has a receipt for its student and admins; a pending one has none', async ({
    page,
  }, testInfo) => {
    const student = await createAccount('none', 'Transfer Payer');
    const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const [approved, pending] = [`tr-ok-${suffix}`, `tr-wait-${suffix}`];
    await withE2eDatabase(async (db) => {
      const createdAt = new Date().toISOString();
      const common = { userId: student.id, amount: 60_000_000, createdAt };
      await insertTransfer(db, {
        ...common,
        id: approved,
        planId: 'fed-upfront',
        status: 'approved',
      });
      await insertTransfer(db, {
        ...common,
        id: pending,
        planId: 'fsd-upfront',
        status: 'pending',
      });
    });
    const own = await fetchAs(student, `/account/receipts/transfer/${approved}`);
    expect(own.status).toBe(200);
    const text = pdfText(Buffer.from(await own.arrayBuffer()));
    expect(text).toContain('₦600,000');
    expect(text).toContain('Bank transfer');
    expect(text).toContain(`ref ${approved}`);
    expect((await fetchAs(student, `/account/receipts/transfer/${pending}`)).status).toBe(404);

    // The admin's page of the student offers the approved transfer's receipt only.
    const admin = await createAccount('admin', 'Transfers Admin');
    expect((await fetchAs(admin, `/account/receipts/transfer/${approved}`)).status).toBe(200);
    await useAccount(page.context(), admin);
    await gotoApp(page, `/admin/user-details/${student.id}`);
    const purchases = page.getByRole('region', { name: 'Enrolments and payments' });
    await expect(purchases.getByRole('listitem')).toHaveCount(2);
    const links = purchases.getByRole('link', { name: 'Download receipt' });
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute('href', `/account/receipts/transfer/${approved}`);
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'admin-user-receipts');
  });
});
