import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/database.server';
import { inviteAddresses, listPendingInvitations } from '~/features/invitations/invitations.server';
import { onSignIn as setUpSignIn } from '~/features/auth/on-sign-in.server';
import { createTestDatabase } from '../../../tests/support/test-database';
import { insertUser } from '../../../tests/support/factories';
import { ADMIN_EMAILS_CAUSE, recordSignIn } from './user-records.server';

let handle: DatabaseHandle;
beforeEach(async () => {
  await handle?.close();
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const changesOf = (userId: string) =>
  handle.db.selectFrom('user_changes').selectAll().where('user_id', '=', userId).execute();

const adminEmails = ['boss@example.com'];
const claims = (sub: string, email = 'Boss@Example.com') => ({
  sub,
  email,
  name: 'Boss',
  emailVerified: true,
});

describe('recordSignIn and ADMIN_EMAILS', () => {
  it('audits the promotion of a new account, with ADMIN_EMAILS as the cause', async () => {
    const { user } = await recordSignIn(handle.db, claims('new-boss'), adminEmails);
    expect(user.access).toBe('admin');
    expect(await changesOf(user.id)).toEqual([
      expect.objectContaining({
        changed_by: ADMIN_EMAILS_CAUSE.id,
        changed_by_name: 'ADMIN_EMAILS',
        access_before: 'none',
        access_after: 'admin',
      }),
    ]);
  });

  it('audits the promotion of an existing account once, not at every sign-in', async () => {
    const existing = await insertUser(handle.db, { email: 'boss@example.com', access: 'level-1' });
    await recordSignIn(handle.db, claims(existing.id), adminEmails);
    await recordSignIn(handle.db, claims(existing.id), adminEmails);
    expect(await changesOf(existing.id)).toEqual([
      expect.objectContaining({
        changed_by: ADMIN_EMAILS_CAUSE.id,
        access_before: 'level-1',
        access_after: 'admin',
      }),
    ]);
  });

  it('writes nothing for an address that is not listed', async () => {
    const { user } = await recordSignIn(
      handle.db,
      claims('nobody', 'nobody@example.com'),
      adminEmails,
    );
    expect(user.access).toBe('none');
    expect(await changesOf(user.id)).toEqual([]);
  });
});

describe('look-alike addresses', () => {
  it.each([
    ['the Kelvin sign', '\u212Aim@example.com'],
    ['a dotted capital I', 'k\u0130m@example.com'],
    ['a zero-width space', 'k\u200Bim@example.com'],
  ])(
    'a verified address with %s is neither made admin nor given an invitation',
    async (_, email) => {
      await inviteAddresses(
        handle.db,
        { emails: ['kim@example.com'], access: 'level-1', cohort: 'none' },
        { id: 'admin-1', name: 'Ada' },
      );
      const { user } = await recordSignIn(
        handle.db,
        claims('look-alike', email),
        ['kim@example.com'],
        setUpSignIn,
      );
      expect(user.access).toBe('none');
      expect(await changesOf(user.id)).toEqual([]);
      expect((await listPendingInvitations(handle.db)).rows.map((row) => row.email)).toEqual([
        'kim@example.com',
      ]);
    },
  );
});
