import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithAdmin } from '../tests/support/server-with-admin';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs a Python script on `file` and returns what it prints, parsed as JSON. */
function python(script: string, file: string, interpreter = 'python3'): unknown {
  return JSON.parse(execFileSync(interpreter, ['-c', script, file], { encoding: 'utf8' }));
}

/**
 * A Python with pandas: the one on PATH, or Debian's (`apt-get install python3-pandas`)
 * where PATH leads to another (pyenv).
 */
const pandasPython = ['python3', '/usr/bin/python3'].find(
  (interpreter) => spawnSync(interpreter, ['-c', 'import pandas']).status === 0,
);

describe('the users CSV in a spreadsheet', () => {
  let bytes: Buffer;
  let file: string;
  let stop: () => Promise<void>;
  afterAll(() => stop());

  // The export of a list holding "Zoë 李雷", as the admin downloads it, saved to a file.
  beforeAll(async () => {
    const started = await startServerWithAdmin();
    stop = started.stop;
    const { server, database, admin } = started;
    await database.db
      .insertInto('users')
      .values({
        id: 'zoe',
        name: 'Zoë 李雷',
        email: 'zoe@example.com',
        access: 'level-1',
        cohort: 'none',
        created_at: '2026-03-01T09:00:00.000Z',
      })
      .execute();
    const response = await fetch(`${server.origin}/admin/users.csv?q=zo`, {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    bytes = Buffer.from(await response.arrayBuffer());
    file = join(mkdtempSync(join(tmpdir(), 'users-csv-')), 'users.csv');
    writeFileSync(file, bytes);
  });

  it('starts with a UTF-8 byte order mark, which Python reads with utf-8-sig', () => {
    // Without the mark Excel takes the file for the system's code page: "ZoÃ« æŽé›·".
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = python(
      `import csv, json, sys
with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:
    print(json.dumps(list(csv.reader(f))))`,
      file,
    );
    expect(rows).toEqual([
      ['name', 'email', 'access', 'cohort', 'joined', 'enrolment status'],
      ['Zoë 李雷', 'zoe@example.com', 'level-1', 'none', '2026-03-01', ''],
    ]);
  });

  it.skipIf(!pandasPython)(
    'reads the same in pandas (skipped when python3-pandas is not installed)',
    () => {
      const table = python(
        `import json, sys, pandas
frame = pandas.read_csv(sys.argv[1], dtype=str, keep_default_na=False)
print(json.dumps({'columns': list(frame.columns), 'rows': frame.values.tolist()}))`,
        file,
        pandasPython,
      );
      expect(table).toEqual({
        columns: ['name', 'email', 'access', 'cohort', 'joined', 'enrolment status'],
        rows: [['Zoë 李雷', 'zoe@example.com', 'level-1', 'none', '2026-03-01', '']],
      });
    },
  );
});
