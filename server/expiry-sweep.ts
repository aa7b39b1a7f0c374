import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { deleteExpiredSessions, type SessionSettings } from '~/features/auth/session.server';
import { EXPORT_WINDOW_MS } from '~/features/account/account-export.server';
import { RATE_LIMIT_WINDOW_MS } from '~/features/auth/sign-in.server';
import type { Logger } from '~/lib/logger.server';
import { deleteEndedRateLimits } from '~/lib/rate-limit.server';
import { expireHeldOrders } from '~/features/enrolment/orders.server';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes expired sessions and ended rate-limit windows when the server starts and every
 * ten minutes after: rows nobody presents again would otherwise stay for ever. Every
 * instance may run it; the deletes are idempotent. Returns the function that stops it.
 */
export function startExpirySweep(options: {
  db: Kysely<Database>;
  sessionSettings: SessionSettings;
  logger: Logger;
}): () => void {
  const sweep = async () => {
    try {
      const now = new Date();
      const sessions = await deleteExpiredSessions(options.db, options.sessionSettings, now);
      // The longest window of any limit (the data download's hour): a counter still
      // counting is never swept, which would let its person start again at 1.
      const rateLimits = await deleteEndedRateLimits(
        options.db,
        new Date(now.getTime() - Math.max(RATE_LIMIT_WINDOW_MS, EXPORT_WINDOW_MS)),
      );
      if (sessions + rateLimits > 0) {
        options.logger.info({ sessions, rateLimits }, 'expired rows deleted');
      }
      // Orders left unpaid past their code's hold give the code's use back (decision 052).
      const heldOrders = await expireHeldOrders(options.db, now);
      if (heldOrders > 0) options.logger.info({ heldOrders }, 'unpaid orders with a code expired');
    } catch (error) {
      options.logger.warn({ err: error }, 'expiry sweep failed; it runs again later');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
