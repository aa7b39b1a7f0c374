// @ts-check
/**
 * `npm test`: every check the project has, in order, then one line that sums them:
 * `N passed, N failed` (`, N skipped` when any were skipped). Type checking, lint and the
 * build count as one check each; the test runners report their own counts.
 *
 * `npm run test:quick` (`--quick`): the loop for people while they work, under 4 minutes:
 * types, lint, the build and the unit and integration tests on SQLite. No PostgreSQL pass and
 * no browser: `npm test` stays the whole thing, and CI runs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const QUICK = process.argv.includes('--quick');
const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/**
 * The name of every test that failed, repeated just above the closing line: CI keeps only
 * the end of a long log. (End-to-end tests get no retry: one failure is a failure.)
 * @type {string[]}
 */
const failures = [];
/** @type {string[]} how long each stage took, printed before the closing line */
const durations = [];

/**
 * The environment of every command: this one's, with `env` over it (an undefined value
 * removes the variable).
 * @param {Record<string, string | undefined>} env
 */
function environmentWith(env) {
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env };
  for (const [key, value] of Object.entries(childEnv))
    if (value === undefined) delete childEnv[key];
  return childEnv;
}

/**
 * @param {string} label
 * @param {number} started
 * @param {boolean} ok
 * @param {number} [ended]
 */
function finished(label, started, ok, ended = Date.now()) {
  const seconds = Math.round((ended - started) / 1000);
  durations.push(`${label} ${seconds} s`);
  console.log(`\n◀ ${label}: ${ok ? 'ok' : 'failed'} in ${seconds} s`);
}

/**
 * @param {string} label
 * @param {string} command
 * @param {Record<string, string | undefined>} [env] an undefined value removes the variable
 */
function run(label, command, env = {}) {
  console.log(`\n▶ ${label}: ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: environmentWith(env) });
  finished(label, started, result.status === 0);
  return result.status === 0;
}

/**
 * Checks that neither write what another reads, side by side (one core each): each one's
 * output is kept and printed whole, in order, once all have finished. Each counts as one
 * check; resolves with whether each passed.
 * @param {{ label: string, command: string }[]} checks
 */
async function checksTogether(checks) {
  const started = Date.now();
  const results = await Promise.all(
    checks.map(
      ({ command }) =>
        /** @type {Promise<{ ok: boolean, output: string, ended: number }>} */ (
          new Promise((resolve) => {
            const child = spawn(command, { shell: true, env: environmentWith({}) });
            let output = '';
            child.stdout.on('data', (chunk) => (output += chunk));
            child.stderr.on('data', (chunk) => (output += chunk));
            child.on('close', (code) => resolve({ ok: code === 0, output, ended: Date.now() }));
          })
        ),
    ),
  );
  return checks.map(({ label, command }, index) => {
    const { ok, output, ended } = /** @type {{ ok: boolean, output: string, ended: number }} */ (
      results[index]
    );
    console.log(`\n▶ ${label}: ${command}\n${output.trimEnd()}`);
    finished(label, started, ok, ended);
    totals[ok ? 'passed' : 'failed'] += 1;
    return ok;
  });
}

/**
 * @param {string} pass
 * @param {{ testResults: { name: string, status: string, message: string,
 *   assertionResults: { fullName: string, status: string }[] }[] }} results Vitest's JSON report
 */
function noteVitestFailures(pass, results) {
  for (const file of results.testResults) {
    const name = relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`✘ ${pass}: ${name} › ${test.fullName}`);
    // A file that failed to load has no test to name.
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`✘ ${pass}: ${name}: ${file.message.split('\n')[0]}`);
  }
}

/**
 * @typedef {{ title: string, file: string, line: number,
 *   tests: { projectName: string, status: string }[] }} Spec
 * @typedef {{ title: string, specs?: Spec[], suites?: Suite[] }} Suite
 * @param {Suite[]} suites Playwright's JSON report, walked down to its tests
 * @param {string[]} titles
 */
function noteE2eFailures(suites, titles = []) {
  for (const suite of suites) {
    const path = [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const name = [...path.slice(1), spec.title].join(' › ');
        failures.push(`✘ [${test.projectName}] ${spec.file}:${spec.line} › ${name}`);
      }
    noteE2eFailures(suite.suites ?? [], path);
  }
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// Types, lint and the build read the sources and write only their own output (the route
// types, the bundle), which the others ignore.
const [, , built] = await checksTogether([
  { label: 'types', command: 'npx react-router typegen && npx tsc --noEmit' },
  { label: 'lint', command: 'npx eslint . && npx prettier --check .' },
  { label: 'build', command: 'npx react-router build' },
]);

/**
 * One Vitest pass, its JSON report added to the totals. A run that failed with no failed
 * test in its report (a file that did not load, a crash) counts as one failure.
 * @param {string} title
 * @param {string} engine
 * @param {string} args
 * @param {Record<string, string | undefined>} [env]
 */
function vitestPass(title, engine, args, env) {
  const report = `${RESULTS}/vitest-${engine.toLowerCase()}.json`;
  const ok = run(
    title,
    `npx vitest run ${args} --reporter=default --reporter=json --outputFile=${report}`,
    env,
  );
  const results = readJson(report);
  if (results) {
    totals.passed += results.numPassedTests;
    totals.failed += results.numFailedTests;
    totals.skipped += results.numPendingTests + results.numTodoTests;
    noteVitestFailures(engine, results);
  }
  if (!ok && (!results || results.numFailedTests === 0)) totals.failed += 1;
}

// The first pass is SQLite, the default engine; PostgreSQL gets its own pass below.
vitestPass('unit and integration tests (SQLite)', 'SQLite', '', { TEST_DATABASE_URL: undefined });

// The database and server tests again, on PostgreSQL, when a server is available, each file
// in a schema of its own. Files run side by side: the introspection the migrator asks for
// reads only the schema in use (database.server.ts), so one file's DDL cannot fail another's.
function postgresPass() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      '\nPostgreSQL pass SKIPPED: TEST_DATABASE_URL is not set (.ci/run sets it after starting PostgreSQL).',
    );
    return;
  }
  vitestPass(
    'database and server tests on PostgreSQL',
    'PostgreSQL',
    'tests/integration server scripts .server.test.ts',
  );
}

/** Playwright on the compiled server, its JSON report added to the totals. */
function endToEndPass() {
  if (!built) {
    console.log('\nEnd-to-end tests not run: the build failed.');
    totals.failed += 1;
    return;
  }
  const e2eOk = run('end-to-end tests', 'npx playwright test', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright.json`,
  });
  const e2e = readJson(`${RESULTS}/playwright.json`);
  if (e2e) {
    totals.passed += e2e.stats.expected;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    noteE2eFailures(e2e.suites);
  }
  if (!e2eOk && (!e2e || e2e.stats.unexpected === 0)) totals.failed += 1;
}

if (QUICK) {
  console.log('\nPostgreSQL pass and end-to-end tests not run: --quick (npm test runs them).');
} else {
  postgresPass();
  endToEndPass();
}

console.log(`\nStages: ${durations.join('; ')}.`);
if (failures.length > 0) console.log(`\n${failures.join('\n')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
