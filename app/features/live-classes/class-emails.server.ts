import type { Kysely } from 'kysely';
import type { Database, LiveSession } from '~/db/schema';

export type ClassChange = 'added' | 'updated' | 'cancelled';

/**
 * Queues, in the transaction of the change, the e-mail with the calendar invitation
 * (`METHOD:REQUEST`) or cancellation (`METHOD:CANCEL`) to each student of the class's
 * cohort. Written by the mail part of issue 27.
 */
export async function tellClassChange(
  _trx: Kysely<Database>,
  _session: LiveSession,
  _change: ClassChange,
  _now: Date,
): Promise<void> {}
