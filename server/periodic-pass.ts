import type { Logger } from '~/lib/logger.server';

/**
 * Runs `pass` when the server starts and every `everyMs` after, one at a time (a slow
 * database must not stack passes up); a failure is logged as `failure` and the next pass
 * tries again. Every instance may run one: each pass must be safe to run twice at once.
 * Returns the function that stops it.
 */
export function startPeriodicPass(options: {
  everyMs: number;
  pass: () => Promise<void>;
  logger: Logger;
  failure: string;
}): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await options.pass();
    } catch (error) {
      options.logger.warn({ err: error }, options.failure);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
