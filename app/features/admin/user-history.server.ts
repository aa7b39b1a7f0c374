import { sql, type Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import type { TimelineSources } from './user-timeline';

/** A person's invitations (by their account or their address) and bank transfers. */
export async function listInvitationsAndTransfers(
  db: Kysely<Database>,
  user: { id: string; email: string },
): Promise<Pick<TimelineSources, 'invitations' | 'transfers'>> {
  const [invitations, transfers] = await Promise.all([
    db
      .selectFrom('invitations')
      .select(['invited_by_name', 'access', 'cohort', 'created_at', 'used_at'])
      .where((eb) =>
        eb.or([
          eb('used_by', '=', user.id),
          eb('email', '=', sql<string>`${user.email.trim().toLowerCase()}`),
        ]),
      )
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('bank_transfers')
      .select([
        'plan_id',
        'amount',
        'currency',
        'status',
        'reason',
        'decided_by_name',
        'created_at',
        'decided_at',
      ])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  return { invitations, transfers };
}
