import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { FULLSTACK_INVITATION_PLAN_ID, INVITATION_PLAN_ID } from '~/content/plans';
import {
  NO_COHORT,
  nowTimestamp,
  type Cohort,
  type Database,
  type Invitation,
  type User,
  type Track,
} from '~/db/schema';
import { cohortNameOf } from '~/features/cohorts/cohorts.server';
import { enqueueEmail } from '~/features/email/outbox.server';
import { reconcileAccess } from '~/features/enrolment/access.server';
import { enrolledTracksOf } from '~/features/enrolment/enrolments.server';
import { countRows } from '~/db/database.server';
import { addressKey } from '~/lib/mail-address';
import { LIST_PAGE_SIZE, pageOf } from '~/ui/list/page-window';
import type { HeldAccount } from './invite-form';

export type InvitedAccess = 'none' | 'level-1';

export interface InvitationRequest {
  emails: string[];
  access: InvitedAccess;
  cohort: Cohort;
  /** The track a Level 1 invitation enrols in (decision 047); FrontEnd unless said. */
  track?: Track;
  /**
   * The admin confirmed these addresses' existing accounts: apply the invitation to them.
   * Without it an address with an account is held, untouched, for the admin to confirm.
   */
  confirmExisting?: boolean;
}

const newId = () => `inv_${randomBytes(12).toString('base64url')}`;

/** The audit trail names the admin who invited, and that it came by invitation. */
const causeOf = (invitation: Pick<Invitation, 'invited_by' | 'invited_by_name'>) => ({
  id: invitation.invited_by,
  name: `${invitation.invited_by_name} (invitation)`,
});

/**
 * What an invitation gives: with Level 1 an enrolment (source `invitation`) in its track
 * unless the person has one already (any enrolment for FrontEnd, which every track includes;
 * a FullStack one for FullStack), then access and cohort through `reconcileAccess`, which
 * never lowers anyone (an invitation is a grant, not a demotion), never raises anyone above
 * the invitation's access, and writes the audit row.
 */
async function applyInvitation(
  trx: Kysely<Database>,
  userId: string,
  invitation: Pick<Invitation, 'access' | 'cohort' | 'track' | 'invited_by' | 'invited_by_name'>,
  now: Date,
): Promise<void> {
  const at = nowTimestamp(now);
  if (invitation.access === 'level-1') {
    const fullstack = invitation.track === 'fullstack';
    const tracks = await enrolledTracksOf(trx, userId);
    if (fullstack ? !tracks.includes('fullstack') : tracks.length === 0) {
      await trx
        .insertInto('enrolments')
        .values({
          id: randomUUID(),
          user_id: userId,
          order_id: null,
          track: invitation.track,
          plan_id: fullstack ? FULLSTACK_INVITATION_PLAN_ID : INVITATION_PLAN_ID,
          status: 'active',
          installments_paid: 1,
          installments_total: 1,
          source: 'invitation',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
  await reconcileAccess(trx, userId, causeOf(invitation), now, {
    cohort: invitation.cohort === NO_COHORT ? undefined : invitation.cohort,
    // An invitation never raises anyone above the access it names.
    mayRaise: invitation.access === 'level-1',
  });
}

async function emailInvitation(
  trx: Kysely<Database>,
  invitation: Invitation,
  now: Date,
): Promise<void> {
  const cohortName = await cohortNameOf(trx, invitation.cohort);
  await enqueueEmail(
    trx,
    {
      key: `invitation:${invitation.id}`,
      template: 'invitation',
      payload: {
        invitedBy: invitation.invited_by_name,
        fullAccess: invitation.access === 'level-1',
        track: invitation.track,
        cohortName,
      },
      to: { address: invitation.email, name: '' },
      userId: invitation.used_by ?? undefined,
      about: invitation.invited_by,
    },
    now,
  );
}

/**
 * Invites each address in one transaction. An address with an account is held and left
 * untouched (an invitation list must not move a student to another cohort or change their
 * access behind the admin's back) unless `confirmExisting` says the admin confirmed it;
 * then one account whose address the identity provider verified gets the access and cohort
 * at once (audited; the invitation is recorded as used by it). Any other address gets a
 * pending invitation, replacing an earlier pending one. Every invited address gets the
 * e-mail; a held one gets nothing yet.
 */
export async function inviteAddresses(
  db: Kysely<Database>,
  request: InvitationRequest,
  admin: { id: string; name: string },
  now: Date = new Date(),
): Promise<{ invited: number; applied: number; userIds: string[]; held: HeldAccount[] }> {
  const at = nowTimestamp(now);
  return db.transaction().execute(async (trx) => {
    let invited = 0;
    const userIds: string[] = [];
    const held: HeldAccount[] = [];
    for (const email of request.emails) {
      const users = await trx
        .selectFrom('users')
        .select(['id', 'email', 'name', 'access', 'cohort', 'email_verified'])
        .where(sql<string>`lower(email)`, '=', email)
        .execute();
      if (users.length > 0 && !request.confirmExisting) {
        held.push(...users.map(({ name, access, cohort }) => ({ email, name, access, cohort })));
        continue;
      }
      // At once only for one account whose address the identity provider verified (two
      // accounts with one address, or an unverified one, are not guessed at: the invitation
      // waits for a verified sign-in).
      const existing = users.length === 1 && users[0]!.email_verified === 1 ? users[0] : undefined;
      await trx
        .updateTable('invitations')
        .set({ status: 'revoked', revoked_at: at })
        .where('email', '=', email)
        .where('status', '=', 'pending')
        .execute();
      const invitation = await trx
        .insertInto('invitations')
        .values({
          id: newId(),
          email,
          access: request.access,
          cohort: request.cohort,
          // Only Level 1 opens a track: a `none` invitation is FrontEnd's free steps.
          track: request.access === 'level-1' ? (request.track ?? 'frontend') : 'frontend',
          status: existing ? 'used' : 'pending',
          invited_by: admin.id,
          invited_by_name: admin.name,
          created_at: at,
          used_by: existing?.id ?? null,
          used_at: existing ? at : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (existing) {
        await applyInvitation(trx, existing.id, invitation, now);
        userIds.push(existing.id);
      }
      await emailInvitation(trx, invitation, now);
      invited += 1;
    }
    return { invited, applied: userIds.length, userIds, held };
  });
}

/**
 * At a sign-in, in its transaction: a pending invitation for the account's e-mail
 * (case-insensitive) is claimed, but only when the identity provider verified the
 * address; anyone could otherwise sign in with the invited address and take the access.
 */
export async function claimInvitation(
  trx: Kysely<Database>,
  user: Pick<User, 'id' | 'email'>,
  identity: { emailVerified: boolean },
  now: Date,
): Promise<Invitation | undefined> {
  // Compared as `addressKey`s: a look-alike address (a Kelvin sign for a K) has none.
  const key = addressKey(user.email);
  if (!identity.emailVerified || !key) return undefined;
  const invitation = await trx
    .updateTable('invitations')
    .set({ status: 'used', used_by: user.id, used_at: nowTimestamp(now) })
    .where('email', '=', key)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (invitation) await applyInvitation(trx, user.id, invitation, now);
  return invitation;
}

/** Revokes a pending invitation; false when it is not pending (used, revoked, unknown). */
export async function revokeInvitation(
  db: Kysely<Database>,
  invitationId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ status: 'revoked', revoked_at: nowTimestamp(now) })
    .where('id', '=', invitationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The invitations waiting for their first sign-in, newest first, a page of the user list's
 * size at a time with their count (a page past the end is the last).
 */
export async function listPendingInvitations(db: Kysely<Database>, requestedPage = 1) {
  const pending = db.selectFrom('invitations').where('invitations.status', '=', 'pending');
  const total = await countRows(pending);
  const { page, pageCount, offset } = pageOf(total, requestedPage, LIST_PAGE_SIZE);
  const rows = await pending
    .leftJoin('cohorts', 'cohorts.id', 'invitations.cohort')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.access',
      'invitations.track',
      'invitations.cohort',
      'cohorts.name as cohort_name',
      'invitations.invited_by_name',
      'invitations.created_at',
    ])
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id')
    .limit(LIST_PAGE_SIZE)
    .offset(offset)
    .execute();
  return { rows, total, page, pageCount };
}
export type PendingInvitations = Awaited<ReturnType<typeof listPendingInvitations>>;
