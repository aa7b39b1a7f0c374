import type { Kysely } from 'kysely';
import { createIndex, id, ownedByUser, required } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The audit trail: who changed whose access or cohort, when, from what to what.
  await db.schema
    .createTable('user_changes')
    .$call(id)
    .$call(ownedByUser)
    .$call(
      required(
        'text',
        'changed_by',
        'changed_by_name',
        'changed_at',
        'access_before',
        'access_after',
        'cohort_before',
        'cohort_after',
      ),
    )
    .execute();
  await createIndex(db, 'user_changes_user_id_changed_at', 'user_changes', [
    'user_id',
    'changed_at',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_changes').execute();
}
