import type { Server } from 'node:http';
import type { Logger } from '~/lib/logger.server';

export interface ShutdownOptions {
  server: Server;
  logger: Logger;
  /** After SIGTERM, how long the server goes on serving while readiness fails. */
  drainMs: number;
  /** After the drain, how long requests in flight may take before the exit code is 1. */
  timeoutMs: number;
  /** Readiness starts failing (and responses start carrying `Connection: close`). */
  onDrainStart: () => void;
  /** The listener is about to close: end what would hold it open (event streams). */
  onClose: () => void;
  closeResources: () => Promise<void>;
}

/**
 * SIGTERM (an orchestrator or load balancer taking the instance out): readiness fails at
 * once, but the server goes on serving for `drainMs`, so requests that were already routed
 * here still succeed while the balancer notices; every response in that time carries
 * `Connection: close`, which winds keep-alive connections down. Then the listener closes,
 * idle connections are closed, requests in flight finish, the database closes and the
 * process exits 0. SIGINT (Ctrl-C at a terminal) skips the drain.
 *
 * A request that outlives the timeout makes the exit code 1 so the orchestrator sees it.
 */
export function installGracefulShutdown(options: ShutdownOptions): void {
  let stopping = false;
  const close = () => {
    options.logger.info('closing the listener');
    options.onClose();
    const timer = setTimeout(() => {
      options.logger.error('requests still running at the shutdown timeout');
      process.exit(1);
    }, options.timeoutMs);
    timer.unref();
    // A keep-alive connection that finishes its last request after close() would stay
    // open until its keep-alive timeout: close idle ones until the server has closed.
    const sweep = setInterval(() => options.server.closeIdleConnections(), 50);
    options.server.close(async () => {
      clearInterval(sweep);
      try {
        await options.closeResources();
        options.logger.info('shut down cleanly');
        process.exit(0);
      } catch (error) {
        options.logger.error({ err: error }, 'closing resources failed');
        process.exit(1);
      }
    });
    options.server.closeIdleConnections();
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const drainMs = signal === 'SIGTERM' ? options.drainMs : 0;
    options.logger.info({ signal, drainMs }, 'shutting down');
    options.onDrainStart();
    if (drainMs > 0) setTimeout(close, drainMs);
    else close();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
