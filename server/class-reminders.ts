import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { queueDueReminders } from '~/features/live-classes/class-reminders.server';
import type { Logger } from '~/lib/logger.server';
import { startPeriodicPass } from './periodic-pass';

const PASS_EVERY_MS = 60 * 1000;

/**
 * Queues the live-class reminders that are due, when the server starts and every minute
 * after, and wakes the e-mail worker when it queued some. Every instance may run it: the
 * outbox's unique keys let each reminder through once. Returns the function that stops it.
 */
export function startClassReminders(options: {
  db: Kysely<Database>;
  logger: Logger;
  wakeEmailWorker: () => void;
}): () => void {
  return startPeriodicPass({
    everyMs: PASS_EVERY_MS,
    logger: options.logger,
    failure: 'reminder pass failed; it runs again later',
    pass: async () => {
      const queued = await queueDueReminders(options.db, new Date());
      if (queued > 0) {
        options.logger.info({ queued }, 'live-class reminders queued');
        options.wakeEmailWorker();
      }
    },
  });
}
