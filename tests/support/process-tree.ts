/** Finding a server process among the descendants of the command that started it (Linux /proc). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function childrenOf(pid: number): number[] {
  const taskDir = `/proc/${pid}/task`;
  if (!existsSync(taskDir)) return [];
  const children: number[] = [];
  for (const task of readdirSync(taskDir)) {
    try {
      const text = readFileSync(join(taskDir, task, 'children'), 'utf8').trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    } catch {
      // the task ended
    }
  }
  return children;
}

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * The node process that runs the server: `npm run serve` starts it through a shell and
 * cross-env, so this takes the deepest descendant of `pid` that is node running `script`,
 * or `pid` itself.
 */
export function serverProcess(pid: number, script = 'build/server/server.js'): number {
  let found = pid;
  let level = [pid];
  for (let depth = 0; depth < 5 && level.length > 0; depth += 1) {
    const next = level.flatMap(childrenOf);
    for (const child of next) {
      const command = commandLine(child);
      if (/(^|\/)node /.test(command) && command.includes(script)) found = child;
    }
    level = next;
  }
  return found;
}
