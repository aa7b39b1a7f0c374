import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The audit trail: who changed whose access or cohort, when, from what to what.
  await db.schema
    .createTable('user_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('changed_by', 'text', (col) => col.notNull())
    .addColumn('changed_by_name', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .addColumn('access_before', 'text', (col) => col.notNull())
    .addColumn('access_after', 'text', (col) => col.notNull())
    .addColumn('cohort_before', 'text', (col) => col.notNull())
    .addColumn('cohort_after', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_changes_user_id_changed_at')
    .on('user_changes')
    .columns(['user_id', 'changed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_changes').execute();
}
