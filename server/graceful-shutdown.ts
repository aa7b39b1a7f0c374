import type { Server } from 'node:http';
import type { Logger } from '~/lib/logger.server';

export interface ShutdownOptions {
  server: Server;
  logger: Logger;
  timeoutMs: number;
  onShutdownStart: () => void;
  closeResources: () => Promise<void>;
}

/**
 * On SIGTERM/SIGINT: readiness fails first, the listener closes, requests in flight
 * finish, then the database closes and the process exits 0. A request that outlives the
 * timeout makes the exit code 1 so the orchestrator can see it.
 */
export function installGracefulShutdown(options: ShutdownOptions): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.logger.info({ signal }, 'shutting down');
    options.onShutdownStart();
    const timer = setTimeout(() => {
      options.logger.error('requests still running at the shutdown timeout');
      process.exit(1);
    }, options.timeoutMs);
    timer.unref();
    options.server.close(async () => {
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
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
