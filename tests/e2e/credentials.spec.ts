import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { site } from '../../app/content/site';
import { CERTIFICATE_MESSAGES } from '../../app/features/certificates/certificate-form';
import {
  credentialPath,
  ISSUER_KEYS_PATH,
  STATUS_LIST_PATH,
} from '../../app/features/credentials/credential-links';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot, saveScreenshot } from './screenshots';
import { createAccount, signInNewAccount, useAccount } from './sessions';
import { readValue } from './e2e-database';
import { E2E_ORIGIN } from '../e2e-origin';

const ORIGIN = E2E_ORIGIN;

/** Verifies a VC-JWT with `jose` against the JWKS the site publishes, as a verifier would. */
async function verifyWithPublishedKeys(jwt: string): Promise<JWTPayload> {
  const response = await fetch(`${ORIGIN}${ISSUER_KEYS_PATH}`);
  expect(response.status).toBe(200);
  const { payload } = await jwtVerify(jwt, createLocalJWKSet(await response.json()));
  return payload;
}

/**
 * The bit at `index` of a Bitstring Status List's `encodedList`: multibase base64url (the
 * `u`), GZIP, then bits with the most significant bit of the first byte at index 0.
 */
function statusBit(encodedList: string, index: number): boolean {
  expect(encodedList.startsWith('u')).toBe(true);
  const bits = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  return (bits[Math.floor(index / 8)]! & (0x80 >> (index % 8))) !== 0;
}

interface StatusEntry {
  statusListIndex: string;
  statusListCredential: string;
}

/** Whether the published status list marks the credential of `entry` as revoked. */
async function revokedInStatusList(entry: StatusEntry): Promise<boolean> {
  expect(entry.statusListCredential).toBe(`${ORIGIN}${STATUS_LIST_PATH}`);
  const response = await fetch(entry.statusListCredential);
  expect(response.status).toBe(200);
  const list = (await verifyWithPublishedKeys(await response.text())) as {
    credentialSubject: { encodedList: string };
  };
  return statusBit(list.credentialSubject.encodedList, Number(entry.statusListIndex));
}

test.describe('credentials', () => {
  test('an admin issues a certificate; a visitor downloads its credential, which jose verifies against the published keys; LinkedIn gets the right fields; revoked, the page and the status list say so (screenshots)', async ({
    page,
    browser,
  }, testInfo) => {
    const project = testInfo.project.name;
    const student = await createAccount('level-1', `Adaeze Credential ${project}`);
    await signInNewAccount(page.context(), 'admin', 'Credential Admin');

    // The admin issues it (with a note: this student has not finished the steps).
    await gotoApp(page, `/admin/user-details/${student.id}`);
    const section = page.getByRole('region', { name: 'Certificate', exact: true });
    await section.getByLabel('Note (required)').fill('Completed the course in a live cohort.');
    await section.getByRole('button', { name: 'Issue certificate' }).click();
    await expect(page.getByText(CERTIFICATE_MESSAGES.issued)).toBeVisible();
    const id = readValue<string>('select id from certificates where user_id = ?', student.id);
    const path = `/certificates/${id}`;

    // A visitor, not signed in, opens the public page and downloads the credential.
    const visitorContext = await browser.newContext(testInfo.project.use);
    const visitor = await visitorContext.newPage();
    expect((await gotoApp(visitor, path))?.status()).toBe(200);
    await expect(visitor.getByTestId('credential-signature')).toHaveText('Signature verified');
    await expect(visitor.getByTestId('credential-status')).toHaveText('Valid');
    await expect(visitor.getByTestId('certificate-status')).toHaveText('Valid');
    await expect(visitor.locator('body')).not.toContainText(student.email);
    const how = visitor.getByRole('region', { name: 'How to verify' });
    await expect(how.getByRole('link', { name: `${ORIGIN}${ISSUER_KEYS_PATH}` })).toBeVisible();
    await expect(how.getByRole('link', { name: `${ORIGIN}${STATUS_LIST_PATH}` })).toBeVisible();

    const downloadLink = visitor.getByRole('link', { name: 'Download credential' });
    await expect(downloadLink).toHaveAttribute('href', credentialPath(id));
    await expect(downloadLink).toHaveAttribute('download', '');
    const [download] = await Promise.all([visitor.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`${id}\\.jwt$`));
    const jwt = readFileSync((await download.path())!, 'utf8');
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const credential = (await verifyWithPublishedKeys(jwt)) as {
      id: string;
      type: string[];
      credentialStatus: StatusEntry;
    };
    expect(credential.id).toBe(`${ORIGIN}${path}`);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(jwt + JSON.stringify(credential)).not.toContain(student.email);
    expect(await revokedInStatusList(credential.credentialStatus)).toBe(false);

    // LinkedIn's form opens filled in, in a new tab that cannot reach back to this page.
    const linkedIn = visitor.getByRole('link', { name: /Add to LinkedIn profile/ });
    await expect(linkedIn).toHaveAttribute('target', '_blank');
    await expect(linkedIn).toHaveAttribute('rel', /\bnoopener\b/);
    const issued = new Date(
      readValue<string>('select issued_at from certificates where id = ?', id),
    );
    const addToProfile = new URL((await linkedIn.getAttribute('href'))!);
    expect(`${addToProfile.origin}${addToProfile.pathname}`).toBe(
      'https://www.linkedin.com/profile/add',
    );
    expect(Object.fromEntries(addToProfile.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'FrontEnd Developer Bootcamp',
      organizationName: site.name,
      issueYear: String(issued.getUTCFullYear()),
      issueMonth: String(issued.getUTCMonth() + 1),
      certUrl: `${ORIGIN}${path}`,
      certId: id,
    });

    await expectNoAxeViolations(visitor);
    await visitor.evaluate(() => window.scrollTo(0, 0));
    await saveFullPageScreenshot(visitor, 'credential-certificate-valid');

    // The student's panel offers the same file and the same LinkedIn link.
    const studentContext = await browser.newContext(testInfo.project.use);
    await useAccount(studentContext, student);
    const studentPage = await studentContext.newPage();
    await gotoApp(studentPage, '/fed/home');
    const panel = studentPage.getByRole('region', { name: 'Your certificate' });
    const panelDownload = panel.getByRole('link', { name: 'Download your credential' });
    await expect(panelDownload).toHaveAttribute('href', credentialPath(id));
    await expect(panelDownload).toHaveAttribute('download', '');
    const panelLinkedIn = panel.getByRole('link', { name: /Add to LinkedIn profile/ });
    await expect(panelLinkedIn).toHaveAttribute('href', addToProfile.href);
    await expect(panelLinkedIn).toHaveAttribute('target', '_blank');
    await expect(panelLinkedIn).toHaveAttribute('rel', /\bnoopener\b/);
    await expectNoAxeViolations(studentPage);
    // From the top, or the sticky header is drawn halfway down the full-page capture.
    await studentPage.evaluate(() => window.scrollTo(0, 0));
    await saveFullPageScreenshot(studentPage, 'credential-your-certificate');
    await saveScreenshot(panel, 'credential-your-certificate-panel');
    await studentContext.close();

    // The admin revokes it: the page says Revoked, and so does the published status list.
    await gotoApp(page, `/admin/user-details/${student.id}`);
    await section.getByLabel('Reason').fill('Issued by mistake');
    await section.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(CERTIFICATE_MESSAGES.revoked)).toBeVisible();

    await gotoApp(visitor, path);
    await expect(visitor.getByTestId('credential-status')).toHaveText('Revoked');
    await expect(visitor.getByTestId('certificate-status')).toContainText('Revoked');
    await expect(visitor.getByTestId('credential-signature')).toHaveText('Signature verified');
    await expect(visitor.getByRole('link', { name: 'Download credential' })).toHaveCount(0);
    expect(await revokedInStatusList(credential.credentialStatus)).toBe(true);

    await expectNoAxeViolations(visitor);
    await visitor.evaluate(() => window.scrollTo(0, 0));
    await saveFullPageScreenshot(visitor, 'credential-certificate-revoked');
    await visitorContext.close();
  });

  test('an unknown certificate id: 404 for its page and for its credential @http', async () => {
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect((await fetch(`${ORIGIN}/certificates/${unknown}`)).status).toBe(404);
    expect((await fetch(`${ORIGIN}${credentialPath(unknown)}`)).status).toBe(404);
  });
});
