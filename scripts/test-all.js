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
import { spawnSync } from 'node:child_process';
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
 * @param {string} label
 * @param {string} command
 * @param {Record<string, string | undefined>} [env] an undefined value removes the variable
 */
function run(label, command, env = {}) {
  console.log(`\n▶ ${label}: ${command}`);
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env };
  for (const [key, value] of Object.entries(childEnv))
    if (value === undefined) delete childEnv[key];
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: childEnv });
  const seconds = Math.round((Date.now() - started) / 1000);
  durations.push(`${label} ${seconds} s`);
  console.log(`\n◀ ${label}: ${result.status === 0 ? 'ok' : 'failed'} in ${seconds} s`);
  return result.status === 0;
}

/** @param {string} label @param {string} command */
function check(label, command) {
  const ok = run(label, command);
  totals[ok ? 'passed' : 'failed'] += 1;
  return ok;
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

check('types', 'npx react-router typegen && npx tsc --noEmit');
check('lint', 'npx eslint . && npx prettier --check .');
const built = check('build', 'npx react-router build');

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
