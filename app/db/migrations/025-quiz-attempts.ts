import type { Kysely } from 'kysely';
import { createIndex, id, optional, ownedByUser, required } from './columns';

/**
 * Quiz attempts (DESIGN §13, decision 046). One row per attempt at a quiz of
 * `app/content/quizzes.ts`: opened when the student opens the quiz (the order its options
 * were shown in, kept so a reload shows the same order), graded once when they submit.
 *
 * `option_order` and `answers` are JSON objects from question id to option ids: the order the
 * options were shown in, and what was chosen. `correct` of `total` is the score; both, with
 * `submitted_at`, stay null until the attempt is graded. At most one attempt per student and
 * quiz is open (the partial unique index), so two tabs share it and a replay finds it graded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quiz_attempts')
    .$call(id)
    .$call(ownedByUser)
    .$call(required('text', 'quiz_id', 'option_order', 'started_at'))
    .$call(optional('text', 'answers', 'submitted_at'))
    .$call(optional('integer', 'correct', 'total'))
    .execute();
  await createIndex(db, 'quiz_attempts_open', 'quiz_attempts', ['user_id', 'quiz_id'], {
    unique: true,
    where: ['submitted_at', 'is', null],
  });
  // A student's attempts, newest first (their quiz page, the mentor's and admin's views).
  await createIndex(db, 'quiz_attempts_user_submitted', 'quiz_attempts', [
    'user_id',
    'submitted_at',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quiz_attempts').execute();
}
