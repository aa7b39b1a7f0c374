/** The working tree copied to a temp dir and built there, so the figures belong to one state. */
import { cpSync, symlinkSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { log, ROOT, setSiteRoot, tempDir } from './common';
import { runCommand } from './processes';

const LEFT_OUT = new Set([
  'node_modules',
  '.git',
  'build',
  'data',
  '.react-router',
  'test-results',
  'playwright-report',
  '.test-results',
  'coverage',
  join('bench', 'results'),
]);

export async function buildSnapshot(): Promise<{ dir: string; seconds: number }> {
  const dir = tempDir('site');
  cpSync(ROOT, dir, {
    recursive: true,
    filter: (source) => {
      const path = relative(ROOT, source);
      if (path === '') return true;
      const top = path.split(sep)[0] ?? '';
      return !LEFT_OUT.has(top) && !LEFT_OUT.has(path) && !path.endsWith('.sqlite');
    },
  });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  log(`building a snapshot of the site in ${dir}: npx react-router build`);
  const started = Date.now();
  await runCommand('react-router build', 'npx', ['react-router', 'build'], {
    cwd: dir,
    timeoutMs: 300_000,
  });
  setSiteRoot(dir);
  return { dir, seconds: (Date.now() - started) / 1000 };
}
