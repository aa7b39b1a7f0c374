import { sql, type Kysely } from 'kysely';
import { createIndex, id, optional, ownedByUser, required } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .$call(id)
    .$call(required('text', 'name', 'email'))
    .addColumn('access', 'text', (col) =>
      col
        .notNull()
        .defaultTo('none')
        .check(sql`access in ('none', 'level-1', 'admin')`),
    )
    .addColumn('cohort', 'text', (col) =>
      col
        .notNull()
        .defaultTo('none')
        .check(sql`cohort in ('none', 'cohort-1')`),
    )
    .$call(required('text', 'created_at'))
    .$call(optional('text', 'edited_at', 'edited_by'))
    .execute();
  await createIndex(db, 'users_created_at', 'users', ['created_at']);
  await createIndex(db, 'users_email', 'users', ['email']);
  await createIndex(db, 'users_access', 'users', ['access']);

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .$call(ownedByUser)
    .$call(required('text', 'created_at', 'last_seen_at', 'expires_at'))
    .execute();
  await createIndex(db, 'sessions_user_id', 'sessions', ['user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
