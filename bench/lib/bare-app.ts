/** bench/bare-app built once per run (web's JS yardstick, server's framework floor) and served. */
import { cpSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import * as c from './common';
import { runCommand, startProcess, waitForHttp } from './processes';

let built: Promise<string> | undefined;

/** The app copied to a temp dir (node_modules linked to the project's) and built there, once. */
export function buildBareApp(): Promise<string> {
  built ??= (async () => {
    const dir = c.tempDir('bare-app');
    cpSync(join(c.BENCH_DIR, 'bare-app'), dir, {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|build|\.react-router|\.vite-cache)$/.test(source),
    });
    symlinkSync(join(c.ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    c.log('building the bare React Router app');
    await runCommand('bare app build', 'npx', ['react-router', 'build'], {
      cwd: dir,
      timeoutMs: 180_000,
    });
    return dir;
  })();
  return built;
}

/**
 * The built app served as `react-router-serve` would (bench/bare-app/serve.ts), by node
 * itself (tsx as a loader, not a parent process), so `pid` is the process whose CPU counts.
 */
export async function startBareApp(env: Record<string, string> = {}, nodeFlags: string[] = []) {
  const dir = await buildBareApp();
  const port = await c.freePort();
  const running = startProcess(
    'bare app server',
    process.execPath,
    [...nodeFlags, '--import', 'tsx', 'serve.ts'],
    { cwd: dir, env: { ...env, PORT: String(port), NODE_ENV: 'production' }, longRunning: true },
  );
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/`, running, 'bare app server', 30_000);
  return { origin, pid: running.pid, stop: running.stop };
}
