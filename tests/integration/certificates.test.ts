/**
 * Certificates through the compiled server: an admin issues one on a user's page (a note
 * is required before all 8 steps and 7 approved projects), its e-mail reaches the local mailbox with the link, the
 * public page shows it to anyone (noindex until its holder lists it), only its holder can
 * list it, and a revoked one says Revoked; on SQLite, and on PostgreSQL in its pass.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  noteRequiredMessage,
} from '~/features/certificates/certificate-form';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import type { Account } from '../support/accounts';
import { insertApprovedProjects, insertStepCompletions } from '../support/factories';
import { useServerWithAccounts } from '../support/server-with-admin';

const site = useServerWithAccounts({
  admin: { access: 'admin', name: 'Ada Admin' },
  student: { access: 'level-1', name: 'Tobi Graduate' },
  other: { access: 'level-1', name: 'Other Student' },
  early: { access: 'level-1', name: 'Early Student' },
  newcomer: { access: 'none', name: 'New Comer' },
});
let admin: Account;
let student: Account;
let other: Account;
let early: Account;
let newcomer: Account;

beforeAll(async () => {
  ({ admin, student, other, early, newcomer } = site.accounts);
  const at = new Date().toISOString();
  const steps = NUMBERED_STEPS.map((step) => step.slug);
  await insertStepCompletions(site.database.db, student.id, steps, at);
  await insertApprovedProjects(site.database.db, student.id, { id: admin.id, name: 'Ada Admin' });
  await insertStepCompletions(site.database.db, early.id, ['roadmap'], at);
});

const post = (path: string, form: Record<string, string> | URLSearchParams, account?: Account) =>
  fetch(`${site.server.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: site.server.origin, ...(account && { Cookie: account.cookie }) },
    body: new URLSearchParams(form),
  });

/** The admin issues `holder` a certificate with these fields, from the user's details page. */
const issue = (holder: Account, fields: { name: string; note?: string }) =>
  post(`/admin/user-details/${holder.id}`, { intent: 'issue-certificate', ...fields }, admin);

const get = (path: string, account?: Account) =>
  fetch(`${site.server.origin}${path}`, {
    redirect: 'manual',
    headers: account ? { Cookie: account.cookie } : {},
  });

const certificatesOf = (userId: string) =>
  site.database.db.selectFrom('certificates').selectAll().where('user_id', '=', userId).execute();

async function mailTo(userId: string) {
  const user = await site.database.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const message = await site.database.db
      .selectFrom('local_mailbox')
      .select(['subject', 'text', 'html'])
      .where('recipient', '=', user.email)
      .executeTakeFirst();
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail reached ${user.email}`);
}

let certificateId = '';

describe('issuing', () => {
  it('is for admins only: a visitor, a none user and a student get 403 and nothing is written', async () => {
    for (const account of [undefined, newcomer, other]) {
      const response = await post(
        `/admin/user-details/${student.id}`,
        { intent: 'issue-certificate', name: 'Forged' },
        account,
      );
      expect(response.status).toBe(403);
      const revoke = await post(
        `/admin/user-details/${student.id}`,
        { intent: 'revoke-certificate', certificateId: 'x'.repeat(22), reason: 'Forged' },
        account,
      );
      expect(revoke.status).toBe(403);
    }
    expect(await certificatesOf(student.id)).toEqual([]);
  });

  it('after all 8 steps but before all 7 projects are approved needs a note (400, nothing written)', async () => {
    const steps = NUMBERED_STEPS.map((step) => ({
      user_id: other.id,
      step: step.slug,
      completed_at: new Date().toISOString(),
    }));
    await site.database.db.insertInto('step_completions').values(steps).execute();
    await insertApprovedProjects(
      site.database.db,
      other.id,
      { id: admin.id, name: 'Ada Admin' },
      6,
    );
    const refused = await issue(other, { name: 'Other Student', note: '' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      noteRequiredMessage({ track: 'frontend', stepsDone: 8, projectsApproved: 6 }),
    );
    expect(await certificatesOf(other.id)).toEqual([]);
  });

  it('before all 8 steps needs a note (400 with the message, nothing written)', async () => {
    const refused = await issue(early, { name: 'Early Student', note: '' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      noteRequiredMessage({ track: 'frontend', stepsDone: 1, projectsApproved: 0 }),
    );
    const noName = await issue(early, { name: '   ', note: 'Attended every class' });
    expect(noName.status).toBe(400);
    expect(await certificatesOf(early.id)).toEqual([]);

    const issued = await issue(early, { name: 'Early Student', note: 'Attended every class' });
    expect(issued.status).toBe(302);
    expect((await certificatesOf(early.id))[0]).toMatchObject({ note: 'Attended every class' });
  });

  it('after all 8 steps: the certificate, the way back to the page, and the e-mail with the link', async () => {
    const issued = await issue(student, { name: 'Tobiloba Graduate', note: '' });
    expect(issued.status).toBe(302);
    expect(issued.headers.get('location')).toBe(`/admin/user-details/${student.id}`);
    const [certificate] = await certificatesOf(student.id);
    expect(certificate).toMatchObject({ name: 'Tobiloba Graduate', issued_by_name: 'Ada Admin' });
    certificateId = certificate!.id;

    const mail = await mailTo(student.id);
    expect(mail.subject).toBe('Your certificate of completion is ready');
    expect(mail.text).toContain(`${site.server.origin}/certificates/${certificateId}`);

    const again = await issue(student, { name: 'Second One' });
    expect(again.status).toBe(409);
    expect(await certificatesOf(student.id)).toHaveLength(1);

    const page = await (await get(`/admin/user-details/${student.id}`, admin)).text();
    expect(page).toContain(`/certificates/${certificateId}`);
    expect(page).toContain('8 of 8 steps completed');
    expect(page).toContain('Certificate issued by Ada Admin');
  });
});

describe('the public page', () => {
  it('shows the certificate to anyone, with share tags, and keeps it out of search engines', async () => {
    for (const account of [undefined, newcomer, other, admin]) {
      const response = await get(`/certificates/${certificateId}`, account);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      const html = await response.text();
      expect(html).toContain('Tobiloba Graduate');
      expect(html).toContain('FrontEnd Developer Bootcamp');
      expect(html).toContain('Valid');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain(
        `<meta property="og:image" content="${site.server.origin}/media/certificate-share.png"/>`,
      );
      expect(html).toContain(
        `<meta property="og:url" content="${site.server.origin}/certificates/${certificateId}"/>`,
      );
      expect(html).toMatch(/<meta property="og:title" content="Tobiloba Graduate: Certificate/);
      if (account !== admin) expect(html).not.toContain('Ada Admin');
    }
    const image = await get('/media/certificate-share.png');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await get('/certificates/no-such-certificate-000')).status).toBe(404);
    expect((await get('/certificates/abc')).status).toBe(404);
  });
});

describe('listing for search engines', () => {
  const path = () => `/certificates/${certificateId}/listing`;

  it('only its holder may choose: others get 403, an unknown id 404, a bad form 400', async () => {
    expect((await post(path(), { listed: '1' })).status).toBe(403);
    for (const account of [other, newcomer, admin]) {
      expect((await post(path(), { listed: '1' }, account)).status).toBe(403);
    }
    expect(
      (await post('/certificates/AAAAAAAAAAAAAAAAAAAAAA/listing', { listed: '1' }, student)).status,
    ).toBe(404);
    expect((await post(path(), { listed: 'yes' }, student)).status).toBe(400);
    expect((await certificatesOf(student.id))[0]?.listed).toBe(0);
  });

  it('the holder lists it (the page becomes indexable) and unlists it', async () => {
    const listed = await post(path(), { listed: '0', returnTo: '/fed/home' }, student);
    expect(listed.status).toBe(302);
    expect(listed.headers.get('location')).toBe('/fed/home');
    const ticked = await post(
      path(),
      new URLSearchParams([
        ['returnTo', 'https://evil.example/'],
        ['listed', '0'],
        ['listed', '1'],
      ]),
      student,
    );
    expect(ticked.status).toBe(302);
    expect(ticked.headers.get('location')).toBe('/fed/home');
    expect((await certificatesOf(student.id))[0]?.listed).toBe(1);
    const page = await get(`/certificates/${certificateId}`);
    expect(page.headers.get('x-robots-tag')).toBeNull();
    expect(await page.text()).not.toContain('content="noindex"');

    expect((await post(path(), { listed: '0' }, student)).status).toBe(302);
    expect((await certificatesOf(student.id))[0]?.listed).toBe(0);
    expect((await get(path(), student)).status).toBe(302);
  });
});

describe('revoking', () => {
  it('needs a reason; the page then says Revoked with the date, not the reason', async () => {
    const noReason = await post(
      `/admin/user-details/${student.id}`,
      { intent: 'revoke-certificate', certificateId, reason: ' ' },
      admin,
    );
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain(CERTIFICATE_MESSAGES.reason);
    // Someone else's certificate is not revoked from this page.
    const elsewhere = await post(
      `/admin/user-details/${other.id}`,
      { intent: 'revoke-certificate', certificateId, reason: 'Wrong page' },
      admin,
    );
    expect(elsewhere.status).toBe(404);
    expect((await certificatesOf(student.id))[0]?.revoked_at).toBeNull();

    const revoked = await post(
      `/admin/user-details/${student.id}`,
      { intent: 'revoke-certificate', certificateId, reason: 'Project copied from a classmate' },
      admin,
    );
    expect(revoked.status).toBe(302);
    const response = await get(`/certificates/${certificateId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Revoked');
    const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(),
    );
    expect(html).toContain(today);
    expect(html).not.toContain('Project copied');
    expect(html).not.toContain('linkedin.com');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(
      (await post(`/certificates/${certificateId}/listing`, { listed: '1' }, student)).status,
    ).toBe(409);
  });
});
