import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { EXPORT_WINDOW_MS } from '~/features/account/account-export.server';
import { deleteExpiredSessions, type SessionSettings } from '~/features/auth/session.server';
import { RATE_LIMIT_WINDOW_MS } from '~/features/auth/sign-in.server';
import { expireHeldOrders } from '~/features/enrolment/orders.server';
import { sweepOverdue } from '~/features/enrolment/overdue.server';
import { queueDueReminders } from '~/features/live-classes/class-reminders.server';
import { queueReviewDigests } from '~/features/mentors/mentor-emails.server';
import type { Logger } from '~/lib/logger.server';
import { deleteEndedRateLimits } from '~/lib/rate-limit.server';

const MINUTE_MS = 60 * 1000;

export interface BackgroundPassOptions {
  db: Kysely<Database>;
  sessionSettings: SessionSettings;
  /** Days an overdue installment keeps access before the sweep pauses it (decision 053). */
  graceDays: number;
  logger: Logger;
  wakeEmailWorker: () => void;
  /** Whose access changed: open admin pages refresh. */
  accessChanged: (userId: string) => void;
}

type BackgroundPass = (options: BackgroundPassOptions, now: Date) => Promise<void>;

/**
 * The server's periodic work, each pass run when the server starts and every so often after.
 * Every instance runs them: each pass is safe to run on two instances at once (idempotent
 * deletes, the outbox's unique keys, one transaction per enrolment under its buyer's lock).
 * Returns the function that stops them all.
 */
export function startBackgroundPasses(options: BackgroundPassOptions): () => void {
  const stops = [
    startPeriodicPass(options, {
      everyMs: 10 * MINUTE_MS,
      failure: 'expiry sweep failed; it runs again later',
      pass: deleteExpiredRows,
    }),
    startPeriodicPass(options, {
      everyMs: MINUTE_MS,
      failure: 'reminder pass failed; it runs again later',
      pass: queueingEmails(queueDueReminders, 'live-class reminders queued'),
    }),
    startPeriodicPass(options, {
      everyMs: 10 * MINUTE_MS,
      failure: 'review summary pass failed; it runs again later',
      pass: queueingEmails(queueReviewDigests, 'review summaries queued'),
    }),
    startPeriodicPass(options, {
      everyMs: 10 * MINUTE_MS,
      failure: 'overdue sweep failed; it runs again later',
      pass: chaseOverdueInstallments,
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * Runs `pass` now and every `everyMs` after, one at a time (a slow database must not stack
 * passes up); a failure is logged as `failure` and the next pass tries again.
 */
function startPeriodicPass(
  options: BackgroundPassOptions,
  schedule: {
    everyMs: number;
    failure: string;
    pass: BackgroundPass;
  },
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await schedule.pass(options, new Date());
    } catch (error) {
      options.logger.warn({ err: error }, schedule.failure);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), schedule.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Expired sessions and ended rate-limit windows (rows nobody presents again would otherwise
 * stay for ever), and orders left unpaid past their code's hold, which give the code's use
 * back (decision 052).
 */
async function deleteExpiredRows(
  { db, sessionSettings, logger }: BackgroundPassOptions,
  now: Date,
): Promise<void> {
  const sessions = await deleteExpiredSessions(db, sessionSettings, now);
  // The longest window of any limit (the data download's hour): a counter still counting
  // is never swept, which would let its person start again at 1.
  const rateLimits = await deleteEndedRateLimits(
    db,
    new Date(now.getTime() - Math.max(RATE_LIMIT_WINDOW_MS, EXPORT_WINDOW_MS)),
  );
  if (sessions + rateLimits > 0) logger.info({ sessions, rateLimits }, 'expired rows deleted');
  const heldOrders = await expireHeldOrders(db, now);
  if (heldOrders > 0) logger.info({ heldOrders }, 'unpaid orders with a code expired');
}

/**
 * A pass that queues e-mails (the live-class reminders that are due, the mentors' daily
 * summaries once the academy's day has turned): the e-mail worker wakes when some were queued.
 */
function queueingEmails(
  queue: (db: Kysely<Database>, now: Date) => Promise<number>,
  done: string,
): BackgroundPass {
  return async ({ db, logger, wakeEmailWorker }, now) => {
    const queued = await queue(db, now);
    if (queued === 0) return;
    logger.info({ queued }, done);
    wakeEmailWorker();
  };
}

/**
 * The overdue installments' reminders, and the pause of those past their grace period
 * (decision 053).
 */
async function chaseOverdueInstallments(
  { db, graceDays, logger, wakeEmailWorker, accessChanged }: BackgroundPassOptions,
  now: Date,
): Promise<void> {
  const result = await sweepOverdue(db, { now, graceDays });
  if (result.reminded + result.paused === 0) return;
  logger.info({ reminded: result.reminded, paused: result.paused }, 'overdue installments chased');
  wakeEmailWorker();
  result.userIds.forEach(accessChanged);
}
