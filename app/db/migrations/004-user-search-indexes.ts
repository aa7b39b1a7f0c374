import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The admin search is a case-insensitive substring match (`lower(col) like '%text%'`).
 * PostgreSQL serves it from trigram GIN indexes on the lowered columns. SQLite cannot use
 * an index for a leading wildcard; the table scan is what it offers, and the list's
 * newest-first order is served by `users_created_at` from migration 001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index if not exists users_name_trgm on users using gin (lower(name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index if not exists users_email_trgm on users using gin (lower(email) gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists users_email_trgm`.execute(db);
  await sql`drop index if exists users_name_trgm`.execute(db);
}
