import { beforeAll, describe, expect, it } from 'vitest';
import { changeUserStatus } from '~/features/admin/user-status.server';
import { recordSignIn } from '~/features/auth/user-records.server';
import { issueCertificate } from '~/features/certificates/certificates.server';
import { createCohort } from '~/features/cohorts/cohorts.server';
import { useTestDatabase } from '../../../tests/support/test-database';
import { admin, accessOf, insertEnrolment, insertUser } from '../../../tests/support/factories';
import { CSV_WITHOUT_EMAIL, parseAddressCsv, parseAddressText } from './address-list';
import { inviteAddresses, listPendingInvitations, revokeInvitation } from './invitations.server';
import { onSignIn as setUpSignIn } from '~/features/auth/on-sign-in.server';

const database = useTestDatabase();
beforeAll(async () => {
  await createCohort(database.db, {
    name: 'Cohort 2',
    startDate: '2027-01-12',
    schedule: '',
    capacity: null,
  });
});

let subjects = 0;

function signIn(email: string, emailVerified: boolean) {
  subjects += 1;
  return recordSignIn(
    database.db,
    { sub: `google-${subjects}`, email, name: `Person ${subjects}`, emailVerified },
    [],
    setUpSignIn,
  );
}

const outbox = (recipient: string) =>
  database.db
    .selectFrom('email_outbox')
    .select(['template', 'payload'])
    .where('recipient', '=', recipient)
    .orderBy('created_at')
    .execute();

describe('address lists', () => {
  it('reads one per line or separated by commas, semicolons and spaces; reports bad ones by line', () => {
    expect(
      parseAddressText(
        'x@example.com, Y@Example.com\n\nnot-an-address; z@example.com x@example.com\n<w@example.com>',
      ),
    ).toEqual({
      valid: ['x@example.com', 'y@example.com', 'z@example.com', 'w@example.com'],
      invalid: [{ line: 3, value: 'not-an-address' }],
    });
  });

  it('refuses look-alike addresses (a Kelvin sign, a dotted capital I, a zero-width space)', () => {
    expect(
      parseAddressText(
        '\u212Aim@example.com\n\u0130nes@example.com\nbo\u200B@example.com\nKim@example.com',
      ),
    ).toEqual({
      valid: ['kim@example.com'],
      invalid: [
        { line: 1, value: '\u212Aim@example.com' },
        { line: 2, value: '\u0130nes@example.com' },
        { line: 3, value: 'bo\u200B@example.com' },
      ],
    });
  });

  it('reads the email column of a CSV file, quoted fields included, and refuses one without it', () => {
    const csv = '\uFEFFName,Email\r\n"Obi, Ada",ada@example.com\r\nBo,"bo at example"\r\n';
    expect(parseAddressCsv(csv)).toEqual({
      valid: ['ada@example.com'],
      invalid: [{ line: 3, value: 'bo at example' }],
    });
    expect(parseAddressCsv('name,address\nAda,ada@example.com')).toEqual({
      error: CSV_WITHOUT_EMAIL,
    });
  });
});

describe('invitations', () => {
  it('a pending invitation is claimed at the first sign-in with the verified address, any case', async () => {
    await inviteAddresses(
      database.db,
      { emails: ['x@example.com'], access: 'level-1', cohort: 'cohort-1' },
      admin,
    );
    expect(await outbox('x@example.com')).toEqual([
      expect.objectContaining({ template: 'invitation' }),
    ]);
    const { user } = await signIn('X@Example.com', true);
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'level-1', cohort: 'cohort-1' });
    const change = await database.db
      .selectFrom('user_changes')
      .select(['changed_by', 'changed_by_name', 'access_after', 'cohort_after'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(change).toEqual({
      changed_by: 'admin-1',
      changed_by_name: 'Ada Admin (invitation)',
      access_after: 'level-1',
      cohort_after: 'cohort-1',
    });
    const invitation = await database.db
      .selectFrom('invitations')
      .select(['status', 'used_by'])
      .where('email', '=', 'x@example.com')
      .executeTakeFirstOrThrow();
    expect(invitation).toEqual({ status: 'used', used_by: user.id });
  });

  it('a FullStack invitation enrols its person in the FullStack track, and its e-mail says so', async () => {
    await inviteAddresses(
      database.db,
      { emails: ['fs@example.com'], access: 'level-1', track: 'fullstack', cohort: 'cohort-1' },
      admin,
    );
    const [mail] = await outbox('fs@example.com');
    expect(JSON.parse(mail!.payload)).toMatchObject({ fullAccess: true, track: 'fullstack' });
    const { user } = await signIn('fs@example.com', true);
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'level-1', cohort: 'cohort-1' });
    const enrolments = await database.db
      .selectFrom('enrolments')
      .select(['track', 'plan_id', 'source'])
      .where('user_id', '=', user.id)
      .execute();
    expect(enrolments).toEqual([
      { track: 'fullstack', plan_id: 'invitation-fullstack', source: 'invitation' },
    ]);
    // A FrontEnd student invited to FullStack gets the FullStack enrolment beside their own.
    const frontend = await insertUser(database.db, {
      email: 'moving-up@example.com',
      access: 'level-1',
      email_verified: 1,
    });
    await insertEnrolment(database.db, { userId: frontend.id, orderId: null });
    await inviteAddresses(
      database.db,
      {
        emails: ['moving-up@example.com'],
        access: 'level-1',
        track: 'fullstack',
        cohort: 'cohort-1',
        confirmExisting: true,
      },
      admin,
    );
    const tracks = await database.db
      .selectFrom('enrolments')
      .select('track')
      .where('user_id', '=', frontend.id)
      .orderBy('track', 'desc')
      .execute();
    expect(tracks.map((row) => row.track)).toEqual(['fullstack', 'frontend']);
  });

  it('an unverified address never claims an invitation', async () => {
    await inviteAddresses(
      database.db,
      { emails: ['unverified@example.com'], access: 'level-1', cohort: 'cohort-2' },
      admin,
    );
    const { user } = await signIn('unverified@example.com', false);
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'none', cohort: 'none' });
    expect((await listPendingInvitations(database.db)).rows.map((row) => row.email)).toContain(
      'unverified@example.com',
    );
  });

  it('an address with an account gets the access and cohort at once; nobody is lowered', async () => {
    const verified = { email_verified: 1 };
    const student = await insertUser(database.db, { ...verified, email: 'Kim@Example.com' });
    const paid = await insertUser(database.db, {
      ...verified,
      email: 'paid@example.com',
      access: 'level-1',
    });
    const boss = await insertUser(database.db, {
      ...verified,
      email: 'boss@example.com',
      access: 'admin',
    });
    const result = await inviteAddresses(
      database.db,
      {
        emails: ['kim@example.com', 'boss@example.com'],
        access: 'level-1',
        cohort: 'cohort-2',
        confirmExisting: true,
      },
      admin,
    );
    expect(result).toMatchObject({ invited: 2, applied: 2, held: [] });
    expect(await accessOf(database.db, student.id)).toEqual({
      access: 'level-1',
      cohort: 'cohort-2',
    });
    expect(await accessOf(database.db, boss.id)).toEqual({ access: 'admin', cohort: 'cohort-2' });
    await inviteAddresses(
      database.db,
      { emails: ['paid@example.com'], access: 'none', cohort: 'cohort-1', confirmExisting: true },
      admin,
    );
    expect(await accessOf(database.db, paid.id)).toEqual({ access: 'level-1', cohort: 'cohort-1' });
    expect(await outbox('kim@example.com')).toHaveLength(1);
  });

  it('an invitation with access none raises nobody, not even a student whose access an admin revoked', async () => {
    const revoked = await insertUser(database.db, {
      email: 'revoked@example.com',
      access: 'level-1',
      email_verified: 1,
    });
    await insertEnrolment(database.db, { userId: revoked.id, orderId: null, source: 'admin' });
    await changeUserStatus(database.db, revoked.id, { access: 'none' }, 'command-line');
    await inviteAddresses(
      database.db,
      {
        emails: ['revoked@example.com'],
        access: 'none',
        cohort: 'cohort-2',
        confirmExisting: true,
      },
      admin,
    );
    expect(await accessOf(database.db, revoked.id)).toEqual({ access: 'none', cohort: 'cohort-2' });
  });

  it('an account whose address was not verified waits for its first verified sign-in', async () => {
    const first = await signIn('shared@example.com', false);
    await inviteAddresses(
      database.db,
      {
        emails: ['shared@example.com'],
        access: 'level-1',
        cohort: 'cohort-1',
        confirmExisting: true,
      },
      admin,
    );
    expect(await accessOf(database.db, first.user.id)).toEqual({ access: 'none', cohort: 'none' });
    // The same subject signs in again, now verified: the invitation is claimed then.
    subjects -= 1;
    const again = await signIn('shared@example.com', true);
    expect(again.user.id).toBe(first.user.id);
    expect(await accessOf(database.db, first.user.id)).toEqual({
      access: 'level-1',
      cohort: 'cohort-1',
    });
  });

  it('an existing account is held for the admin to confirm: nothing changes until then, and a certificate keeps its cohort', async () => {
    const student = await insertUser(database.db, {
      name: 'Ben Install',
      email: 'ben.install@example.org',
      access: 'level-1',
      cohort: 'cohort-1',
      email_verified: 1,
    });
    await issueCertificate(database.db, {
      userId: student.id,
      name: 'Ben Install',
      note: 'Finished in another class',
      admin,
    });
    const request = {
      emails: ['kate.fifth@example.org', 'ben.install@example.org'],
      access: 'none' as const,
      cohort: 'cohort-2',
    };
    const held = await inviteAddresses(database.db, request, admin);
    expect(held).toMatchObject({
      invited: 1,
      applied: 0,
      userIds: [],
      held: [
        {
          email: 'ben.install@example.org',
          name: 'Ben Install',
          access: 'level-1',
          cohort: 'cohort-1',
        },
      ],
    });
    expect(await accessOf(database.db, student.id)).toEqual({
      access: 'level-1',
      cohort: 'cohort-1',
    });
    expect(await outbox('ben.install@example.org')).not.toContainEqual(
      expect.objectContaining({ template: 'invitation' }),
    );
    expect((await listPendingInvitations(database.db)).rows.map((row) => row.email)).not.toContain(
      'ben.install@example.org',
    );

    const confirmed = await inviteAddresses(
      database.db,
      { ...request, emails: ['ben.install@example.org'], confirmExisting: true },
      admin,
    );
    expect(confirmed).toMatchObject({ invited: 1, applied: 1, userIds: [student.id], held: [] });
    expect(await accessOf(database.db, student.id)).toEqual({
      access: 'level-1',
      cohort: 'cohort-2',
    });
    const certificate = await database.db
      .selectFrom('certificates')
      .select('cohort_name')
      .where('user_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(certificate.cohort_name).toBe('Cohort 1');
  });

  it('inviting again replaces the pending invitation; a revoked one is not claimed', async () => {
    const request = { emails: ['again@example.com'], access: 'none' as const, cohort: 'cohort-1' };
    await inviteAddresses(database.db, request, admin);
    await inviteAddresses(database.db, { ...request, access: 'level-1' }, admin);
    const pending = (await listPendingInvitations(database.db)).rows.filter(
      (row) => row.email === 'again@example.com',
    );
    expect(pending).toEqual([
      expect.objectContaining({ access: 'level-1', cohort_name: 'Cohort 1' }),
    ]);
    expect(await outbox('again@example.com')).toHaveLength(2);
    expect(await revokeInvitation(database.db, pending[0]!.id)).toBe(true);
    expect(await revokeInvitation(database.db, pending[0]!.id)).toBe(false);
    const { user } = await signIn('again@example.com', true);
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'none', cohort: 'none' });
  });
});

describe('the pending invitations in pages', () => {
  it('pages like the user list, newest first: row 201 is reachable', async () => {
    // 201 invitations older than every other test's, so they end the list in this order.
    const oldest = Date.UTC(2020, 0, 1);
    await database.db
      .insertInto('invitations')
      .values(
        Array.from({ length: 201 }, (_, index) => ({
          id: `inv-page-${index + 1}`,
          email: `paged-${index + 1}@example.com`,
          access: 'level-1' as const,
          cohort: 'none',
          status: 'pending' as const,
          invited_by: admin.id,
          invited_by_name: admin.name,
          created_at: new Date(oldest - index * 60_000).toISOString(),
          used_by: null,
          used_at: null,
          revoked_at: null,
        })),
      )
      .execute();
    const first = await listPendingInvitations(database.db);
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(201);
    expect(first.pageCount).toBe(Math.ceil(first.total / 10));
    const last = await listPendingInvitations(database.db, first.pageCount);
    expect(last.rows.at(-1)?.email).toBe('paged-201@example.com');
    expect((await listPendingInvitations(database.db, 10_000)).rows).toEqual(last.rows);
  });
});
