import { dropAllTestSchemas } from './sql-client';

/** Before the run, leftovers of a killed run go; after it, this run's test schemas. */
export default async function setup(): Promise<() => Promise<void>> {
  await dropAllTestSchemas();
  return dropAllTestSchemas;
}
