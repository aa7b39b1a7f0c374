import { sql, type Kysely } from 'kysely';
import {
  createIndex,
  createIndexes,
  id,
  oneOf,
  optional,
  ownedByUser,
  required,
  type Table,
} from './columns';

/**
 * Mentors and project reviews (DESIGN §13, decision 042).
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
    .$call(staffColumns)
    .$call(required('text', 'added_by', 'added_at'))
    .addPrimaryKeyConstraint('cohort_staff_pk', ['user_id', 'cohort_id'])
    .execute();
  // A cohort's mentors (the primary key serves a person's cohorts).
  await createIndex(db, 'cohort_staff_cohort_id', 'cohort_staff', ['cohort_id']);

  await db.schema
    .createTable('cohort_staff_changes')
    .$call(id)
    .$call(staffColumns)
    .$call(oneOf('action', ['added', 'removed']))
    .$call(required('text', 'changed_by', 'changed_by_name', 'changed_at'))
    .execute();
  await createIndexes(db, 'cohort_staff_changes', {
    cohort_staff_changes_user_id: ['user_id', 'changed_at'],
    cohort_staff_changes_changed_by: ['changed_by', 'changed_at'],
  });

  await db.schema
    .createTable('project_submissions')
    .$call(id)
    .$call(ownedByUser)
    .$call(required('text', 'project_id'))
    .addColumn('revision', 'integer', (col) => col.notNull().check(sql`revision >= 1`))
    .$call(required('text', 'repository_url'))
    .$call(optional('text', 'live_url'))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .$call(oneOf('status', ['waiting', 'approved', 'changes-requested']))
    .$call(required('text', 'submitted_at'))
    .$call(optional('text', 'reviewed_at', 'reviewed_by'))
    .addUniqueConstraint('project_submissions_revision', ['user_id', 'project_id', 'revision'])
    .execute();
  // One waiting revision per student and project, whatever the application does.
  await createIndex(
    db,
    'project_submissions_one_waiting',
    'project_submissions',
    ['user_id', 'project_id'],
    { unique: true, where: ['status', '=', 'waiting'] },
  );
  // The review queue: waiting rows, the longest waiting first.
  await createIndex(db, 'project_submissions_status_submitted_at', 'project_submissions', [
    'status',
    'submitted_at',
  ]);

  await db.schema
    .createTable('project_reviews')
    .$call(id)
    .addColumn('submission_id', 'text', (col) =>
      col.notNull().references('project_submissions.id').onDelete('cascade'),
    )
    .$call(required('text', 'reviewer_id', 'reviewer_name'))
    .$call(oneOf('verdict', ['approved', 'changes-requested']))
    .addColumn('feedback', 'text', (col) => col.notNull().defaultTo(''))
    .$call(required('text', 'reviewed_at'))
    .execute();
  // A submission is reviewed once (a new version is a new submission): two reviewers at
  // once cannot both leave a verdict.
  await createIndex(
    db,
    'project_reviews_one_per_submission',
    'project_reviews',
    ['submission_id'],
    { unique: true },
  );
}

/** A mentor and their cohort, and the role they hold in it (both staff tables start so). */
function staffColumns(table: Table): Table {
  return table
    .$call(ownedByUser)
    .addColumn('cohort_id', 'text', (col) =>
      col.notNull().references('cohorts.id').onDelete('cascade'),
    )
    .$call(oneOf('role', ['mentor']));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_reviews').execute();
  await db.schema.dropTable('project_submissions').execute();
  await db.schema.dropTable('cohort_staff_changes').execute();
  await db.schema.dropTable('cohort_staff').execute();
}
