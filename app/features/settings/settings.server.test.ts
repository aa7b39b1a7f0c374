import { describe, expect, it } from 'vitest';
import { deleteAccount } from '~/features/account/account-deletion.server';
import { DELETED_ACCOUNT_NAME } from '~/features/account/account-data';
import { admin, insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { DEFAULT_SETTINGS, settingsFormSchema } from './settings';
import { readSettings, saveSettings, settingChanges } from './settings.server';

const database = useTestDatabase();
const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 9, minute));

describe('academy settings', () => {
  it('are their defaults until an admin changes one: 3 quiz attempts in a row, then 10 minutes', async () => {
    expect(await readSettings(database.db)).toEqual({
      quizAttemptsInARow: 3,
      quizWaitMinutes: 10,
    });
    expect(DEFAULT_SETTINGS).toEqual({ quizAttemptsInARow: 3, quizWaitMinutes: 10 });
    expect(await settingChanges(database.db)).toEqual([]);
  });

  it('saves what changed, with who changed it, from what, to what and when; an unchanged save writes nothing', async () => {
    const changed = await saveSettings(
      database.db,
      { values: { quizAttemptsInARow: 3, quizWaitMinutes: 30 }, admin },
      at(1),
    );
    expect(changed).toEqual(['quizWaitMinutes']);
    expect(await readSettings(database.db)).toEqual({ quizAttemptsInARow: 3, quizWaitMinutes: 30 });
    await saveSettings(
      database.db,
      { values: { quizAttemptsInARow: 5, quizWaitMinutes: 30 }, admin },
      at(2),
    );
    expect(
      await saveSettings(
        database.db,
        { values: { quizAttemptsInARow: 5, quizWaitMinutes: 30 }, admin },
        at(3),
      ),
    ).toEqual([]);
    const changes = await settingChanges(database.db);
    expect(changes.map(({ id: _, ...change }) => change)).toEqual([
      {
        name: 'quizAttemptsInARow',
        label: 'Quiz attempts in a row',
        oldValue: '3',
        newValue: '5',
        changedByName: admin.name,
        changedAt: at(2).toISOString(),
      },
      {
        name: 'quizWaitMinutes',
        label: 'Wait after them (minutes)',
        oldValue: '10',
        newValue: '30',
        changedByName: admin.name,
        changedAt: at(1).toISOString(),
      },
    ]);
    const rows = await database.db.selectFrom('academy_setting_changes').selectAll().execute();
    expect(rows.every((row) => row.changed_by === admin.id)).toBe(true);
  });

  it('falls back to the default for a stored value its field no longer takes', async () => {
    await database.db.deleteFrom('academy_settings').execute();
    await database.db
      .insertInto('academy_settings')
      .values([
        { name: 'quizAttemptsInARow', value: '0', changed_at: at(0).toISOString() },
        { name: 'retiredSetting', value: 'x', changed_at: at(0).toISOString() },
      ])
      .execute();
    expect(await readSettings(database.db)).toEqual(DEFAULT_SETTINGS);
  });

  it('takes only whole numbers within each setting’s limits', () => {
    expect(settingsFormSchema.parse({ quizAttemptsInARow: ' 4 ', quizWaitMinutes: '15' })).toEqual({
      quizAttemptsInARow: 4,
      quizWaitMinutes: 15,
    });
    const refused = settingsFormSchema.safeParse({
      quizAttemptsInARow: '0',
      quizWaitMinutes: '1e2',
    });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['quizAttemptsInARow', 'Enter a whole number from 1 to 100.'],
      ['quizWaitMinutes', 'Enter a whole number from 1 to 10,080.'],
    ]);
  });

  it('names a deleted account’s changes after the tombstone, not the person', async () => {
    const former = await insertUser(database.db, { name: 'Former Admin Quist' });
    await saveSettings(
      database.db,
      { values: { quizAttemptsInARow: 7, quizWaitMinutes: 10 }, admin: former },
      at(9),
    );
    const deleted = await deleteAccount(database.db, {
      userId: former.id,
      typedEmail: former.email,
    });
    expect(deleted.ok).toBe(true);
    const [latest] = await settingChanges(database.db);
    expect(latest).toMatchObject({ newValue: '7', changedByName: DELETED_ACCOUNT_NAME });
    const rows = await database.db
      .selectFrom('academy_setting_changes')
      .select('changed_by')
      .execute();
    expect(rows.map((row) => row.changed_by)).not.toContain(former.id);
  });
});
