import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database.server';

describe('SQLite transactions', () => {
  it('hold the write lock from their start, so another process writing meanwhile cannot make them fail', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bootcamp-tx-')), 'tx.sqlite');
    const handle = openDatabase(path);
    await migrateToLatest(handle.db);
    // Another process, as the `user` command is: a second connection that does not wait.
    const other = new SQLite(path);
    other.pragma('busy_timeout = 0');
    let otherWrote = true;
    try {
      await handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').execute();
        try {
          other.exec("update users set name = name where id = 'nobody'");
        } catch (error) {
          otherWrote = false;
          expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
        }
        await trx
          .insertInto('users')
          .values({
            id: 'tx-user',
            name: 'Tx',
            email: 'tx@example.com',
            access: 'none',
            cohort: 'none',
            created_at: new Date().toISOString(),
          })
          .execute();
      });
      // With a plain BEGIN the other write would have gone first and this insert failed
      // with SQLITE_BUSY_SNAPSHOT; with BEGIN IMMEDIATE the other one waited its turn.
      expect(otherWrote).toBe(false);
      expect(other.prepare("select count(*) as n from users where id = 'tx-user'").get()).toEqual({
        n: 1,
      });
    } finally {
      other.close();
      await handle.close();
    }
  });
});
