import { sql, type Kysely } from 'kysely';

/**
 * Mentors and project reviews (issue 26, DESIGN §13, decision 042).
 *
 * `cohort_staff` makes a person a mentor of a cohort: not an access level, so `users.access`
 * keeps SPEC's values. `cohort_staff_changes` is its audit trail, read into the history of
 * both people, the mentor (`user_id`) and whoever made the change (`changed_by`).
 *
 * `project_submissions` holds every revision a student sends for a project of the course
 * catalogue (`app/content/projects.ts`); `project_reviews` every verdict on one. A student
 * has at most one waiting revision per project: a unique index over waiting rows holds it
 * even when two submissions race, and revision numbers are unique per student and project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cohort_staff')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cohort_id', 'text', (col) =>
      col.notNull().references('cohorts.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('mentor')`))
    .addColumn('added_by', 'text', (col) => col.notNull())
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('cohort_staff_pk', ['user_id', 'cohort_id'])
    .execute();
  // A cohort's mentors (the primary key serves a person's cohorts).
  await db.schema
    .createIndex('cohort_staff_cohort_id')
    .on('cohort_staff')
    .column('cohort_id')
    .execute();

  await db.schema
    .createTable('cohort_staff_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cohort_id', 'text', (col) =>
      col.notNull().references('cohorts.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('mentor')`))
    .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('added', 'removed')`))
    .addColumn('changed_by', 'text', (col) => col.notNull())
    .addColumn('changed_by_name', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('cohort_staff_changes_user_id')
    .on('cohort_staff_changes')
    .columns(['user_id', 'changed_at'])
    .execute();
  await db.schema
    .createIndex('cohort_staff_changes_changed_by')
    .on('cohort_staff_changes')
    .columns(['changed_by', 'changed_at'])
    .execute();

  await db.schema
    .createTable('project_submissions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull().check(sql`revision >= 1`))
    .addColumn('repository_url', 'text', (col) => col.notNull())
    .addColumn('live_url', 'text')
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('waiting', 'approved', 'changes-requested')`),
    )
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('reviewed_at', 'text')
    .addColumn('reviewed_by', 'text')
    .addUniqueConstraint('project_submissions_revision', ['user_id', 'project_id', 'revision'])
    .execute();
  // One waiting revision per student and project, whatever the application does.
  await db.schema
    .createIndex('project_submissions_one_waiting')
    .unique()
    .on('project_submissions')
    .columns(['user_id', 'project_id'])
    .where(sql.ref('status'), '=', 'waiting')
    .execute();
  // The review queue: waiting rows, the longest waiting first.
  await db.schema
    .createIndex('project_submissions_status_submitted_at')
    .on('project_submissions')
    .columns(['status', 'submitted_at'])
    .execute();

  await db.schema
    .createTable('project_reviews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('submission_id', 'text', (col) =>
      col.notNull().references('project_submissions.id').onDelete('cascade'),
    )
    .addColumn('reviewer_id', 'text', (col) => col.notNull())
    .addColumn('reviewer_name', 'text', (col) => col.notNull())
    .addColumn('verdict', 'text', (col) =>
      col.notNull().check(sql`verdict in ('approved', 'changes-requested')`),
    )
    .addColumn('feedback', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reviewed_at', 'text', (col) => col.notNull())
    .execute();
  // A submission is reviewed once (a new version is a new submission): two reviewers at
  // once cannot both leave a verdict.
  await db.schema
    .createIndex('project_reviews_one_per_submission')
    .unique()
    .on('project_reviews')
    .column('submission_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_reviews').execute();
  await db.schema.dropTable('project_submissions').execute();
  await db.schema.dropTable('cohort_staff_changes').execute();
  await db.schema.dropTable('cohort_staff').execute();
}
