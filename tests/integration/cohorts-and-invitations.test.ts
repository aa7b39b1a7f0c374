/**
 * Cohorts and invitations through the compiled server: a cohort an admin creates is
 * announced on the prerendered public pages at once, and the invitations form takes a
 * CSV file (streamed, 1 MB at most); on SQLite, and on PostgreSQL in its pass.
 */
import { describe, expect, it } from 'vitest';
import { COHORT_MESSAGES } from '~/features/cohorts/cohort-form';
import { CSV_MAX_BYTES, INVITE_MESSAGES } from '~/features/invitations/invite-form';
import { createAccounts, type Account } from '../support/accounts';
import { useServerWithAdmin } from '../support/server-with-admin';

const app = useServerWithAdmin();

const post = (
  path: string,
  body: FormData | URLSearchParams,
  account: Account | undefined = app.admin,
) =>
  fetch(`${app.server.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: app.server.origin, ...(account && { Cookie: account.cookie }) },
    body,
  });

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the next cohort on the public pages', () => {
  it('appears on the prerendered pages as soon as an admin creates a cohort with a future start', async () => {
    const before = await (await fetch(`${app.server.origin}/enroll`)).text();
    expect(before).not.toContain('Next cohort starts');
    expect(before).not.toContain('prerender-next-cohort-slot');

    const created = await post(
      '/admin/cohorts',
      new URLSearchParams({
        name: 'Cohort 2',
        startDate: inDays(30),
        schedule: 'Tue and Thu',
        capacity: '',
      }),
    );
    expect(created.status).toBe(302);
    const expected = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${inDays(30)}T00:00:00Z`));
    for (const path of ['/enroll', '/']) {
      const page = await (await fetch(`${app.server.origin}${path}`)).text();
      expect(page).toContain(`Next cohort starts ${expected}`);
    }
    // A signed-in visitor's page is rendered for them, with the same sentence.
    const personal = await fetch(`${app.server.origin}/enroll`, {
      headers: { Cookie: app.admin.cookie },
    });
    expect(await personal.text()).toContain(`Next cohort starts ${expected}`);
  });

  it('refuses a cohort form with bad values, and from a non-admin', async () => {
    const bad = await post(
      '/admin/cohorts',
      new URLSearchParams({ name: 'X', startDate: '2027-02-30', capacity: '-4' }),
    );
    expect(bad.status).toBe(400);
    // No such month: refused as a bad date, not a server error.
    const badMonth = await post(
      '/admin/cohorts',
      new URLSearchParams({ name: 'Cohort 13', startDate: '2027-13-01' }),
    );
    expect(badMonth.status).toBe(400);
    expect(await badMonth.text()).toContain(COHORT_MESSAGES.startDate);
    const [student] = await createAccounts(app.server.databaseUrl, [
      { access: 'level-1', name: 'Sam' },
    ]);
    const denied = await post('/admin/cohorts', new URLSearchParams({ name: 'Cohort 3' }), student);
    expect(denied.status).toBe(403);
    const cohorts = await app.database.db.selectFrom('cohorts').select('name').execute();
    expect(cohorts.map((cohort) => cohort.name).sort()).toEqual(['Cohort 1', 'Cohort 2']);
  });
});

describe('the invitations form', () => {
  it('invites the addresses of a CSV file and reports the bad rows', async () => {
    const form = new FormData();
    form.set('intent', 'invite');
    form.set('emails', 'typed@example.com');
    form.set('access', 'level-1');
    form.set('cohort', 'cohort-1');
    form.set(
      'csv',
      new Blob(['name,email\nAda,ada@example.com\nBo,not an address\n'], { type: 'text/csv' }),
      'class.csv',
    );
    const response = await post('/admin/invitations', form);
    expect(response.status).toBe(200);
    // React separates adjacent text with comments in server-rendered HTML.
    const page = (await response.text()).replaceAll('<!-- -->', '');
    expect(page).toContain('Sent: 2 (0 existing accounts updated).');
    expect(page).toContain('not an address (CSV row 3: not an e-mail address)');
    const pending = await app.database.db
      .selectFrom('invitations')
      .select('email')
      .where('status', '=', 'pending')
      .orderBy('email')
      .execute();
    expect(pending.map((row) => row.email)).toEqual(['ada@example.com', 'typed@example.com']);
  });

  it('refuses a CSV file over 1 MB with 413, and an unknown cohort, inviting nobody', async () => {
    const big = new FormData();
    big.set('intent', 'invite');
    big.set('access', 'none');
    big.set('cohort', 'cohort-1');
    big.set('csv', new Blob([`email\n${'a'.repeat(CSV_MAX_BYTES)}@example.com\n`]), 'big.csv');
    expect((await post('/admin/invitations', big)).status).toBe(413);
    const unknown = new FormData();
    unknown.set('intent', 'invite');
    unknown.set('emails', 'someone@example.com');
    unknown.set('access', 'level-1');
    unknown.set('cohort', 'cohort-99');
    const refused = await post('/admin/invitations', unknown);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(INVITE_MESSAGES.cohort);
    const invited = await app.database.db
      .selectFrom('invitations')
      .select('email')
      .where('email', '=', 'someone@example.com')
      .execute();
    expect(invited).toEqual([]);
  });
});
