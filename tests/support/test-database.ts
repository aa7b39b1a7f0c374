import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import type { Kysely } from 'kysely';
import {
  nowTimestamp,
  type Access,
  type Cohort,
  type Database,
  type EnrolmentSource,
  type User,
} from '~/db/schema';
import { createTestSchema, dropTestSchema, postgresTestUrl } from './sql-client';

/** PostgreSQL when `TEST_DATABASE_URL` names a server, SQLite otherwise. */
export function testEngine(): 'sqlite' | 'postgres' {
  return postgresTestUrl() ? 'postgres' : 'sqlite';
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite, or with
 * `TEST_DATABASE_URL` a schema of its own on that server, dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  if (testEngine() === 'sqlite') {
    const handle = openDatabase(':memory:');
    await migrateToLatest(handle.db);
    return { ...handle, url: ':memory:' };
  }
  const url = await createTestSchema();
  const handle = openDatabase(url);
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= handle.close().finally(() => dropTestSchema(url)));
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...handle, close, url };
}

let counter = 0;

export async function insertUser(
  handle: DatabaseHandle,
  fields: Partial<{
    id: string;
    name: string;
    email: string;
    access: Access;
    cohort: Cohort;
    created_at: string;
  }> = {},
): Promise<User> {
  counter += 1;
  return handle.db
    .insertInto('users')
    .values({
      id: fields.id ?? `user-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      name: fields.name ?? `User ${counter}`,
      email: fields.email ?? `user${counter}@example.com`,
      access: fields.access ?? 'none',
      cohort: fields.cohort ?? 'none',
      created_at:
        fields.created_at ?? nowTimestamp(new Date(Date.UTC(2026, 0, 1) + counter * 1000)),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An active FrontEnd upfront enrolment, paid in full: what a verified card payment leaves. */
export async function insertEnrolment(
  db: Kysely<Database>,
  fields: {
    userId: string;
    orderId: string | null;
    source?: EnrolmentSource;
    at?: string;
  },
): Promise<void> {
  const at = fields.at ?? nowTimestamp();
  await db
    .insertInto('enrolments')
    .values({
      id: `enr-${fields.userId}`,
      user_id: fields.userId,
      order_id: fields.orderId,
      track: 'frontend',
      plan_id: 'fed-upfront',
      status: 'active',
      installments_paid: 1,
      installments_total: 1,
      source: fields.source ?? 'payment',
      created_at: at,
      updated_at: at,
    })
    .execute();
}
