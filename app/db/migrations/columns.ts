import {
  sql,
  type ColumnDataType,
  type ComparisonOperatorExpression,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
} from 'kysely';

/**
 * The column and index shapes the migrations repeat, written once. Migrations are history:
 * a change here changes what every earlier migration creates on a fresh database, so these
 * builders must keep producing the SQL they produce today.
 */

export type Table = CreateTableBuilder<string, string>;

/** A column's type: a name Kysely knows, or raw SQL for one the engines spell differently. */
type DataType = ColumnDataType | Expression<unknown>;

/** `id`: the row's own random id. */
export function id(table: Table): Table {
  return table.addColumn('id', 'text', (col) => col.primaryKey());
}

/** `user_id`: the person the row belongs to; their rows go when they do. */
export function ownedByUser(table: Table): Table {
  return table.addColumn('user_id', 'text', (col) =>
    col.notNull().references('users.id').onDelete('cascade'),
  );
}

/** Columns that must hold a value, in the order given. */
export function required(type: DataType, ...names: string[]) {
  return (table: Table): Table =>
    names.reduce((built, name) => built.addColumn(name, type, (col) => col.notNull()), table);
}

/** Columns that may be null, in the order given. */
export function optional(type: DataType, ...names: string[]) {
  return (table: Table): Table => names.reduce((built, name) => built.addColumn(name, type), table);
}

/** A required text column that holds one of `values` (a CHECK constraint). */
export function oneOf(name: string, values: string[]) {
  const listed = values.map((value) => `'${value}'`).join(', ');
  return (table: Table): Table =>
    table.addColumn(name, 'text', (col) => col.notNull().check(sql.raw(`${name} in (${listed})`)));
}

interface IndexOptions {
  unique?: boolean;
  /** A partial index: only the rows where `column op value`. */
  where?: [column: string, op: ComparisonOperatorExpression, value: string | null];
}

/** An index on `table`'s `columns`, in that order. */
export async function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  { unique = false, where }: IndexOptions = {},
): Promise<void> {
  let index = db.schema.createIndex(name).on(table).columns(columns);
  if (unique) index = index.unique();
  if (where) index = index.where(sql.ref(where[0]), where[1], where[2]);
  await index.execute();
}

/** Plain indexes on `table`, in the order given: each one's name and its columns. */
export async function createIndexes(
  db: Kysely<unknown>,
  table: string,
  indexes: Record<string, string[]>,
): Promise<void> {
  for (const [name, columns] of Object.entries(indexes)) {
    await createIndex(db, name, table, columns);
  }
}
