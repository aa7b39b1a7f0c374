import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '~/db/database.server';
import type { Database } from '~/db/schema';

/** The advisory lock the barrier's trigger waits on (any number no other code uses). */
const BARRIER_LOCK = 4_222_022;

/**
 * Runs `deliveries` so that each would read the state before any other writes it: the race
 * two webhooks delivered at once can lose. On PostgreSQL every transaction stops right
 * after its first `operation` on `table` (a trigger waits for an advisory lock this
 * function holds) and goes on only once all of them are waiting, at the trigger or behind
 * one another's locks; without a lock of their own they have then all read what they are
 * about to overwrite. SQLite runs one write transaction at a time: there they just start
 * together. No sleeps: the wait is for PostgreSQL to report the deliveries blocked.
 */
export async function atTheSameMoment<T>(
  database: DatabaseHandle,
  at: { table: keyof Database; operation: 'insert' | 'update' },
  deliveries: (() => Promise<T>)[],
): Promise<T[]> {
  if (database.engine === 'sqlite') return Promise.all(deliveries.map((deliver) => deliver()));
  const trigger = sql.id(`same_moment_${at.table}`);
  const table = sql.id(at.table);
  const operation = sql.raw(at.operation);
  return database.db.connection().execute(async (holder: Kysely<Database>) => {
    await sql`create or replace function same_moment_barrier() returns trigger
      language plpgsql as $$ begin
        perform pg_advisory_lock_shared(${sql.lit(BARRIER_LOCK)});
        perform pg_advisory_unlock_shared(${sql.lit(BARRIER_LOCK)});
        return null;
      end $$`.execute(holder);
    await sql`create trigger ${trigger} after ${operation} on ${table}
      for each row execute function same_moment_barrier()`.execute(holder);
    try {
      await sql`select pg_advisory_lock(${BARRIER_LOCK})`.execute(holder);
      let settled = false;
      const running = Promise.allSettled(deliveries.map((deliver) => deliver())).finally(() => {
        settled = true;
      });
      // Every delivery is blocked by the holder, directly (at the trigger) or through
      // another delivery (a row lock it waits for).
      while (!settled) {
        const { rows } = await sql<{ blocked: string | number }>`
          with recursive blocked(pid) as (
            select pid from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))
            union
            select activity.pid from pg_stat_activity as activity
              join blocked on blocked.pid = any(pg_blocking_pids(activity.pid))
          )
          select count(*) as blocked from blocked`.execute(holder);
        if (Number(rows[0]?.blocked) >= deliveries.length) break;
      }
      await sql`select pg_advisory_unlock(${BARRIER_LOCK})`.execute(holder);
      const results = await running;
      return results.map((result) => {
        if (result.status === 'rejected') throw result.reason;
        return result.value;
      });
    } finally {
      await sql`select pg_advisory_unlock_all()`.execute(holder);
      await sql`drop trigger if exists ${trigger} on ${table}`.execute(holder);
    }
  });
}

/**
 * Waits until another connection is blocked by the transaction `trx` (a row lock it holds):
 * how a test knows a second request has reached its wait. SQLite runs one transaction at a
 * time, so anything started after `trx` already waits for it there.
 */
export async function untilAnotherWaitsFor(
  database: DatabaseHandle,
  trx: Kysely<Database>,
): Promise<void> {
  if (database.engine === 'sqlite') return;
  for (;;) {
    // Inside a transaction, the statistics views are a snapshot taken at first use.
    await sql`select pg_stat_clear_snapshot()`.execute(trx);
    const { rows } = await sql<{ waiting: string | number }>`
      select count(*) as waiting from pg_stat_activity
      where pg_backend_pid() = any(pg_blocking_pids(pid))`.execute(trx);
    if (Number(rows[0]?.waiting) > 0) return;
  }
}
