import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '~/db/database.server';
import { insertUser } from '../tests/support/factories';
import { dropTempDatabase, tempDatabaseUrl } from '../tests/support/server-process';

const run = promisify(execFile);
let databaseUrl: string;

async function user(...args: string[]) {
  try {
    const { stdout } = await run('node_modules/.bin/tsx', ['scripts/user.ts', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  databaseUrl = await tempDatabaseUrl();
  const handle = openDatabase(databaseUrl);
  await migrateToLatest(handle.db);
  await insertUser(handle.db, {
    id: 'cli-1',
    name: 'Kola Cli',
    email: 'kola@example.com',
    created_at: new Date().toISOString(),
  });
  await handle.close();
});
afterAll(() => dropTempDatabase(databaseUrl));

describe('npm run user', () => {
  it('lists users', async () => {
    const { code, output } = await user('list');
    expect(code).toBe(0);
    expect(output).toContain('kola@example.com\tKola Cli\tnone\tnone');
    expect(output).toContain('1 user');
  });

  it('sets access and cohort by e-mail, case-insensitively, with an audit row', async () => {
    expect(await user('set-access', 'KOLA@example.com', 'level-1')).toMatchObject({
      code: 0,
      output: expect.stringContaining('access level-1, cohort none'),
    });
    expect(await user('set-cohort', 'kola@example.com', 'cohort-1')).toMatchObject({
      code: 0,
      output: expect.stringContaining('access level-1, cohort cohort-1'),
    });
    const handle = openDatabase(databaseUrl);
    const changes = await handle.db.selectFrom('user_changes').selectAll().execute();
    await handle.close();
    expect(changes.map((change) => change.changed_by_name)).toEqual([
      'Command line',
      'Command line',
    ]);
  });

  it('refuses unknown e-mails, unknown values and unknown commands with a clear line', async () => {
    expect(await user('set-access', 'nobody@example.com', 'none')).toEqual({
      code: 1,
      output: 'No user with the e-mail nobody@example.com.\n',
    });
    expect(await user('set-access', 'kola@example.com', 'superuser')).toEqual({
      code: 1,
      output: 'Access must be one of none, level-1, admin (got "superuser").\n',
    });
    expect(await user('set-cohort', 'kola@example.com', 'cohort-2')).toMatchObject({
      code: 1,
      output: expect.stringContaining('There is no such cohort'),
    });
    expect(await user('promote')).toMatchObject({
      code: 1,
      output: expect.stringContaining('Usage:'),
    });
  });
});
