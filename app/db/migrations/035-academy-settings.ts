import type { Kysely } from 'kysely';
import { createIndex, id, required } from './columns';

/**
 * Academy settings an admin changes at /admin/settings (decision 065): `academy_settings`
 * holds a setting's value once it differs from its default (the defaults, types and limits
 * are code, in `features/settings/settings.ts`), and `academy_setting_changes` every change,
 * with who made it and when. `changed_by` is the admin's id without a foreign key, like the
 * other audit tables: the record outlives the account (deletion names the tombstone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('academy_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .$call(required('text', 'value', 'changed_at'))
    .execute();
  await db.schema
    .createTable('academy_setting_changes')
    .$call(id)
    .$call(
      required(
        'text',
        'name',
        'old_value',
        'new_value',
        'changed_by',
        'changed_by_name',
        'changed_at',
      ),
    )
    .execute();
  await createIndex(db, 'academy_setting_changes_changed_at', 'academy_setting_changes', [
    'changed_at',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('academy_setting_changes').execute();
  await db.schema.dropTable('academy_settings').execute();
}
