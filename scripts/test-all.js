// @ts-check
/**
 * `npm test`: every check the project has, in order, then one line that sums them:
 * `N passed, N failed` (`, N skipped` when any were skipped). Type checking, lint and the
 * build count as one check each; the test runners report their own counts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

/** @param {string} label @param {string} command @param {Record<string, string>} [env] */
function run(label, command, env = {}) {
  console.log(`\n▶ ${label}: ${command}`);
  const result = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env },
  });
  return result.status === 0;
}

/** @param {string} label @param {string} command */
function check(label, command) {
  const ok = run(label, command);
  totals[ok ? 'passed' : 'failed'] += 1;
  return ok;
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

const vitestOk = run(
  'unit and integration tests',
  `npx vitest run --reporter=default --reporter=json --outputFile=${RESULTS}/vitest.json`,
);
const vitest = readJson(`${RESULTS}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) totals.failed += 1;

if (built) {
  const e2eOk = run('end-to-end tests', 'npx playwright test', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright.json`,
  });
  const e2e = readJson(`${RESULTS}/playwright.json`);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
  }
  if (!e2eOk && (!e2e || e2e.stats.unexpected === 0)) totals.failed += 1;
} else {
  console.log('\nEnd-to-end tests not run: the build failed.');
  totals.failed += 1;
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
