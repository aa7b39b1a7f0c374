/** `npm run bench [part]`: builds once, runs the parts, writes the results, cleans up (README). */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import * as common from './lib/common';
import { buildSnapshot } from './lib/snapshot';
import { failed, renderMarkdown, type BenchResults, type Part } from './lib/report';

const { envNumber, errorText, log, round, sleep } = common;
/** The parts in the order they run and are reported: each is bench/parts/<name>.ts. */
const NAMES = ['web', 'db', 'server', 'live', 'mail', 'payments', 'transfers', 'export'];
const RESULTS_DIR = join(common.BENCH_DIR, 'results');
const load = () => round(loadavg()[0] ?? 0, 2);

function gitInfo(): BenchResults['git'] {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: common.ROOT }).toString();
  try {
    const changedFiles = git('status', '--porcelain').split('\n').filter(Boolean).length;
    return { commit: git('rev-parse', 'HEAD').trim(), changedFiles };
  } catch {
    return { commit: 'unknown', changedFiles: 0 };
  }
}

/** The newest earlier result for each part this invocation does not measure. */
function carryOver(results: BenchResults): void {
  const files = existsSync(RESULTS_DIR) ? readdirSync(RESULTS_DIR).sort().reverse() : [];
  const earlier = files.flatMap((file) => {
    try {
      return [JSON.parse(readFileSync(join(RESULTS_DIR, file), 'utf8')) as BenchResults];
    } catch {
      return []; // not a result file (latest.md included)
    }
  });
  for (const part of NAMES.filter((name) => !results.parts.includes(name))) {
    const found = earlier.find((run) => run.parts?.includes(part) && !failed(run[part] ?? {}));
    if (found?.[part]) [results[part], results.carriedOver[part]] = [found[part], found.startedAt];
  }
}

/** Waits (`budgetMs` at most) for the load average to fall below half the cores; the ms waited. */
async function waitForQuiet(budgetMs: number): Promise<number> {
  const [limit, started] = [Math.max(1, cpus().length / 2), Date.now()];
  if (load() < limit || budgetMs <= 0) return 0;
  log(`load average ${load()}: waiting up to ${Math.round(budgetMs / 1000)} s for < ${limit}`);
  while (Date.now() - started < budgetMs && load() >= limit) await sleep(5_000);
  log(`load average now ${load()}; going on`);
  return Date.now() - started;
}

async function main(): Promise<number> {
  const argument = process.argv[2];
  if (argument !== undefined && !NAMES.includes(argument)) {
    console.error(`Usage: npm run bench [-- ${NAMES.join('|')}]   (no part: all of them)`);
    return 2;
  }
  const partOf = async (name: string) =>
    (await import(`./parts/${name}.ts`)).default as Part<unknown>;
  const parts = await Promise.all(NAMES.map(async (name) => [name, await partOf(name)] as const));
  const measured = parts.filter(([name]) => !argument || name === argument);
  const started = Date.now();
  const results: BenchResults = {
    ...{ startedAt: new Date(started).toISOString(), durationSeconds: 0, carriedOver: {} },
    parts: measured.map(([name]) => name),
    machine: {
      ...{ node: process.versions.node, cpus: cpus().length, os: `Linux ${release()}` },
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      memoryGb: round(totalmem() / 2 ** 30, 1),
    },
    ...{ git: gitInfo(), load: {} },
  };

  let finished = false;
  const finish = async (reason?: string): Promise<void> => {
    if (finished) return;
    finished = true;
    if (reason) results.stoppedEarly = reason;
    results.incidents = common.allIncidents();
    results.durationSeconds = Math.round((Date.now() - started) / 1000);
    carryOver(results);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, `${results.startedAt.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, 'latest.md'), renderMarkdown(results, parts));
    log(`results: ${file} and bench/results/latest.md`);
    await common.runCleanups();
  };
  // Everything stops by itself: a hard limit on the whole run, and on signals.
  const limitMinutes = envNumber('BENCH_MAX_MINUTES', 40);
  const stopOn = (reason: string, code: number) => {
    log(`${reason}: stopping`);
    void finish(reason).finally(() => process.exit(code));
  };
  const overrun = () => stopOn(`the run passed its ${limitMinutes}-minute limit`, 3);
  const watchdog = setTimeout(overrun, limitMinutes * 60_000).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => stopOn(`interrupted by ${signal}`, 130));
  }

  // Up to this long in all, spent waiting for other work on the machine to calm down.
  let quietBudgetMs = envNumber('BENCH_QUIET_WAIT_SECONDS', 180) * 1000;
  let ok = true;
  try {
    if (!measured.some(([, part]) => part.needsBuild)) {
      // nothing served: no build
    } else if (process.env.BENCH_SKIP_BUILD) {
      results.build = { skipped: 'BENCH_SKIP_BUILD is set: using the existing build/' };
    } else {
      const loadAtStart = load();
      try {
        results.build = { seconds: round((await buildSnapshot()).seconds, 1) };
        results.load.build = { start: loadAtStart, end: load() };
      } catch (error) {
        results.build = { error: errorText(error).slice(0, 2_000) };
        ok = false;
      }
    }
    for (const [name, part] of measured) {
      if (failed(results.build) && part.needsBuild) {
        results[name] = { error: 'the site did not build' };
        continue;
      }
      quietBudgetMs -= await waitForQuiet(quietBudgetMs);
      log(`— ${name} —`);
      const [partStarted, loadAtStart] = [Date.now(), load()];
      try {
        results[name] = await part.run();
      } catch (error) {
        ok = false;
        log(`${name} failed: ${errorText(error)}`);
        results[name] = { error: errorText(error) };
      }
      results.load[name] = { start: loadAtStart, end: load() };
      log(`— ${name} done in ${Math.round((Date.now() - partStarted) / 1000)} s —`);
    }
  } finally {
    clearTimeout(watchdog);
    await finish();
  }
  return ok ? 0 : 1;
}

process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${errorText(reason)}`));
main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await common.runCleanups();
    process.exit(1);
  },
);
