import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { sweepOverdue } from '~/features/enrolment/overdue.server';
import type { Logger } from '~/lib/logger.server';
import { startPeriodicPass } from './periodic-pass';

const PASS_EVERY_MS = 10 * 60 * 1000;

/**
 * Sends the overdue installments' reminders and pauses the access of those past their grace
 * period (decision 053), when the server starts and every ten minutes after. Every instance
 * may run it: each enrolment is decided in its own transaction under its buyer's lock, and
 * the outbox's keys let each e-mail through once. Returns the function that stops it.
 */
export function startOverdueSweep(options: {
  db: Kysely<Database>;
  graceDays: number;
  logger: Logger;
  wakeEmailWorker: () => void;
  /** Whose access changed: open admin pages refresh. */
  accessChanged: (userId: string) => void;
}): () => void {
  return startPeriodicPass({
    everyMs: PASS_EVERY_MS,
    logger: options.logger,
    failure: 'overdue sweep failed; it runs again later',
    pass: async () => {
      const result = await sweepOverdue(options.db, {
        now: new Date(),
        graceDays: options.graceDays,
      });
      if (result.reminded + result.paused === 0) return;
      options.logger.info(
        { reminded: result.reminded, paused: result.paused },
        'overdue installments chased',
      );
      options.wakeEmailWorker();
      result.userIds.forEach(options.accessChanged);
    },
  });
}
