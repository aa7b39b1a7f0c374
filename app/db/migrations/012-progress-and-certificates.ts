import { sql, type Kysely } from 'kysely';

/**
 * A student's progress (one row per completed numbered step) and certificates: a random
 * public id anyone can check at `/certificates/{id}`, the name as printed, the track and
 * cohort as they were when it was issued, who issued it, and a revocation with its reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_completions')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('step_completions_pk', ['user_id', 'step'])
    .execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('track', 'text', (col) => col.notNull())
    .addColumn('cohort_name', 'text')
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('issued_by', 'text', (col) => col.notNull())
    .addColumn('issued_by_name', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('listed', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`listed in (0, 1)`),
    )
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by_name', 'text')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema
    .createIndex('certificates_user_id')
    .on('certificates')
    .columns(['user_id', 'issued_at'])
    .execute();
  // One valid certificate per student, whatever issues it.
  await db.schema
    .createIndex('certificates_one_valid')
    .unique()
    .on('certificates')
    .column('user_id')
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('step_completions').execute();
}
