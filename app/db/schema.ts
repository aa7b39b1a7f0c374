import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export const ACCESS_LEVELS = ['none', 'level-1', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * `user_search_grams` counts every substring of up to this many characters (migration 006
 * built it with this length; a change needs a migration that rebuilds the table).
 */
export const SEARCH_GRAM_MAX_LENGTH = 3;

export const COHORTS = ['none', 'cohort-1'] as const;
export type Cohort = (typeof COHORTS)[number];

/**
 * Timestamps are ISO-8601 UTC strings of fixed width (`2026-11-21T10:00:00.000Z`), so they
 * compare and sort the same way as text on SQLite and on PostgreSQL.
 */
export type Timestamp = string;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  access: ColumnType<Access, Access | undefined, Access>;
  cohort: ColumnType<Cohort, Cohort | undefined, Cohort>;
  created_at: Timestamp;
  edited_at: Timestamp | null;
  edited_by: string | null;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export type SignInMode = 'popup' | 'redirect';

export interface SignInAttemptsTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  mode: SignInMode;
  return_to: string;
  expires_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface UserChangesTable {
  id: string;
  user_id: string;
  /** The admin's user id, or `command-line`. */
  changed_by: string;
  changed_by_name: string;
  changed_at: Timestamp;
  access_before: Access;
  access_after: Access;
  cohort_before: Cohort;
  cohort_after: Cohort;
}

/** How many users' search keys contain each string of up to three characters (migration 006). */
export interface UserSearchGramsTable {
  gram: string;
  users: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  rate_limits: RateLimitsTable;
  user_changes: UserChangesTable;
  user_search_grams: UserSearchGramsTable;
}

export type UserChange = Selectable<UserChangesTable>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;

export function nowTimestamp(date: Date = new Date()): Timestamp {
  return date.toISOString();
}
