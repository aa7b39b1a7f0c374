import { sql, type Kysely } from 'kysely';
import type { Database, User } from '~/db/schema';
import { USERS_PAGE_SIZE, type UserSearch } from './user-search';

export interface UserPage {
  users: Pick<User, 'id' | 'name' | 'email' | 'access' | 'cohort' | 'created_at'>[];
  total: number;
  page: number;
  pageCount: number;
  /** The s/n of the first row on this page. */
  firstNumber: number;
}

/** `%`, `_` and `\` typed by the admin match themselves. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Case-insensitive substring search on name or e-mail, newest first, one page at a time.
 * A page past the end shows the last page.
 */
export async function searchUsers(db: Kysely<Database>, search: UserSearch): Promise<UserPage> {
  const pattern = likePattern(search.q);
  const base = db
    .selectFrom('users')
    .$if(search.q !== '', (query) =>
      query.where((eb) =>
        eb.or([
          eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      ),
    );
  const { count } = await base
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  const users = await base
    .select(['id', 'name', 'email', 'access', 'cohort', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE)
    .execute();
  return { users, total, page, pageCount, firstNumber: (page - 1) * USERS_PAGE_SIZE + 1 };
}
