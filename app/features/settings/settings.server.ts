import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowTimestamp, type Database } from '~/db/schema';
import {
  DEFAULT_SETTINGS,
  SETTING_NAMES,
  SETTINGS,
  settingText,
  type SettingChange,
  type SettingName,
  type SettingValues,
} from './settings';

const isSettingName = (name: string): name is SettingName => name in SETTINGS;

/**
 * Every setting's value: the one an admin saved when its field still takes it, else its
 * default. One query, for every setting at once.
 */
export async function readSettings(db: Kysely<Database>): Promise<SettingValues> {
  const rows = await db.selectFrom('academy_settings').select(['name', 'value']).execute();
  const values: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!isSettingName(row.name)) continue;
    const parsed = SETTINGS[row.name].field.safeParse(row.value);
    if (parsed.success) values[row.name] = parsed.data;
  }
  return values as SettingValues;
}

/**
 * Saves the settings an admin sent (already checked by the form's fields): each one that
 * changed is written with a row of its change (from, to, who, when), in one transaction.
 * Answers the names of those that changed.
 */
export async function saveSettings(
  db: Kysely<Database>,
  { values, admin }: { values: SettingValues; admin: { id: string; name: string } },
  now: Date = new Date(),
): Promise<SettingName[]> {
  return db.transaction().execute(async (trx) => {
    const current = await readSettings(trx);
    const changed = SETTING_NAMES.filter(
      (name) => settingText(values[name]) !== settingText(current[name]),
    );
    const at = nowTimestamp(now);
    for (const name of changed) {
      const value = settingText(values[name]);
      await trx
        .insertInto('academy_settings')
        .values({ name, value, changed_at: at })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ value, changed_at: at }))
        .execute();
      await trx
        .insertInto('academy_setting_changes')
        .values({
          id: `set_${randomBytes(12).toString('base64url')}`,
          name,
          old_value: settingText(current[name]),
          new_value: value,
          changed_by: admin.id,
          changed_by_name: admin.name,
          changed_at: at,
        })
        .execute();
    }
    return changed;
  });
}

/** The latest changes of the settings, newest first. */
export async function settingChanges(db: Kysely<Database>, limit = 20): Promise<SettingChange[]> {
  const rows = await db
    .selectFrom('academy_setting_changes')
    .selectAll()
    .orderBy('changed_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.flatMap((row) =>
    isSettingName(row.name)
      ? [
          {
            id: row.id,
            name: row.name,
            label: SETTINGS[row.name].label,
            oldValue: row.old_value,
            newValue: row.new_value,
            changedByName: row.changed_by_name,
            changedAt: row.changed_at,
          },
        ]
      : [],
  );
}
