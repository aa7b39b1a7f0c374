import { sql, type Kysely } from 'kysely';
import { createIndex } from './columns';

/**
 * Who acted, by id as well as by name (decision 064). Three columns recorded only the actor's
 * name (an enrolment's grant, a certificate's revocation, an attendance mark); a deletion
 * matched them by that name, so a student who took an admin's name wiped the admin's. Each
 * gets the actor's id beside the name, filled for existing rows where the name is that of
 * exactly one admin or mentor (anything else stays null: a guess would be worse).
 *
 * `email_outbox.about_user_id` is the person a message to someone else names (the student
 * of a transfer an admin is asked to review, the mentor of a review, the admin of an
 * invitation), so a deletion can erase that name from other people's messages.
 */
const ACTOR_ID_COLUMNS = [
  ['enrolments', 'granted_by', 'granted_by_name'],
  ['certificates', 'revoked_by', 'revoked_by_name'],
  ['live_attendance', 'marked_by', 'marked_by_name'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, idColumn, nameColumn] of ACTOR_ID_COLUMNS) {
    await db.schema.alterTable(table).addColumn(idColumn, 'text').execute();
    const actors = sql`
      select u.id from users u
      where u.name = ${sql.ref(`${table}.${nameColumn}`)}
        and (u.access = 'admin' or exists (select 1 from cohort_staff s where s.user_id = u.id))`;
    await sql`
      update ${sql.table(table)} set ${sql.ref(idColumn)} = (${actors})
      where ${sql.ref(nameColumn)} is not null and (select count(*) from (${actors}) as one) = 1
    `.execute(db);
    // A deletion finds the acts of a person by this id.
    await createIndex(db, `${table}_${idColumn}`, table, [idColumn]);
  }
  await db.schema.alterTable('email_outbox').addColumn('about_user_id', 'text').execute();
  await createIndex(db, 'email_outbox_about_user_id', 'email_outbox', ['about_user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_outbox_about_user_id').execute();
  await db.schema.alterTable('email_outbox').dropColumn('about_user_id').execute();
  for (const [table, idColumn] of ACTOR_ID_COLUMNS) {
    await db.schema.dropIndex(`${table}_${idColumn}`).execute();
    await db.schema.alterTable(table).dropColumn(idColumn).execute();
  }
}
