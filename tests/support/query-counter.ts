import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';

/**
 * The database seen through a counter of the queries sent on it, for a test that bounds how
 * many a page or a stream needs. `queries` may be set back to 0 between steps.
 */
export function queryCounter(db: Kysely<Database>) {
  const counter = { queries: 0, db };
  counter.db = db.withPlugin({
    transformQuery: (args) => {
      counter.queries += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return counter;
}
