import type { Kysely } from 'kysely';
import { NO_COHORT, nowTimestamp, type Database, type MembershipChange } from '~/db/schema';
import { enqueueEmail } from '~/features/email/outbox.server';
import { becameStudent, classesToCome } from '~/features/live-classes/class-emails.server';
import { academyTimeZone } from '~/lib/env.server';
import { isDeliverableAddress } from '~/lib/mail-address';
import { formatCohortStart } from './cohort-dates';
import { findCohortOf } from './cohorts.server';

/**
 * Tells a person which cohort they were placed in (an approved transfer, a claimed
 * invitation, an admin's change), in the transaction of the change: nobody learns their
 * cohort by chance. Leaving a cohort, or staying in one, sends nothing. Every change of a
 * person's access or cohort comes here, so this is also where a new student of a cohort
 * (placed with access, or given access while in it) gets its upcoming live classes: listed in
 * this one e-mail, with one calendar file of them all (decision 071), not a message per class.
 */
export async function tellCohortPlacement(
  trx: Kysely<Database>,
  change: MembershipChange,
  now: Date,
): Promise<void> {
  const after = change.after.cohort;
  if (after === NO_COHORT) return;
  const student = becameStudent(change);
  const classes = student ? await classesToCome(trx, after, now) : [];
  // Given access while already in the cohort: news only when there are classes to join.
  if (after === change.before.cohort && classes.length === 0) return;
  const [user, cohort] = await Promise.all([
    trx
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', change.userId)
      .executeTakeFirst(),
    findCohortOf(trx, after),
  ]);
  // An account without a usable address still gets its cohort; the page shows it.
  if (!user || !cohort || !isDeliverableAddress(user.email)) return;
  await enqueueEmail(
    trx,
    {
      key: `cohort-placed:${change.userId}:${after}:${nowTimestamp(now)}`,
      template: 'cohort-placed',
      payload: {
        name: user.name,
        cohortName: cohort.name,
        startDate: cohort.start_date ? formatCohortStart(cohort.start_date) : null,
        schedule: cohort.schedule,
        ...(classes.length > 0 && { classes, timeZone: academyTimeZone() }),
      },
      to: { address: user.email, name: user.name },
      userId: change.userId,
    },
    now,
  );
}
