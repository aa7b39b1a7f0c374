import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { EnvError } from '~/lib/env.server';

/** A mistake in a command line's arguments: its message is printed alone. */
export class UsageError extends Error {}

/** Opens the database at `databaseUrl`, brought up to date, for `work`, and closes it after. */
export async function withDatabase<T>(
  databaseUrl: string,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = openDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Runs a command line's `main`: a usage or configuration error (or one of `known`) prints
 * its message alone, anything else with its stack; either exits with code 1.
 */
export function runCommand(
  main: () => Promise<void>,
  known: (abstract new (...args: never[]) => Error)[] = [],
): void {
  main().catch((error: unknown) => {
    const expected = [UsageError, EnvError, ...known].some((type) => error instanceof type);
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  });
}
