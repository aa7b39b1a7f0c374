import { sql, type Kysely } from 'kysely';
import { createIndex, id, optional, ownedByUser, required } from './columns';

/**
 * A student's progress (one row per completed numbered step) and certificates: a random
 * public id anyone can check at `/certificates/{id}`, the name as printed, the track and
 * cohort as they were when it was issued, who issued it, and a revocation with its reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_completions')
    .$call(ownedByUser)
    .$call(required('text', 'step', 'completed_at'))
    .addPrimaryKeyConstraint('step_completions_pk', ['user_id', 'step'])
    .execute();

  await db.schema
    .createTable('certificates')
    .$call(id)
    .$call(ownedByUser)
    .$call(required('text', 'name', 'track'))
    .$call(optional('text', 'cohort_name'))
    .$call(required('text', 'issued_at', 'issued_by', 'issued_by_name'))
    .$call(optional('text', 'note'))
    .addColumn('listed', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`listed in (0, 1)`),
    )
    .$call(optional('text', 'revoked_at', 'revoked_by_name', 'revoked_reason'))
    .execute();
  await createIndex(db, 'certificates_user_id', 'certificates', ['user_id', 'issued_at']);
  // One valid certificate per student, whatever issues it.
  await createIndex(db, 'certificates_one_valid', 'certificates', ['user_id'], {
    unique: true,
    where: ['revoked_at', 'is', null],
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('step_completions').execute();
}
