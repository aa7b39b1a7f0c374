/**
 * Command-line user administration:
 *   npm run user -- list
 *   npm run user -- set-access EMAIL none|level-1|admin
 *   npm run user -- set-cohort EMAIL none|COHORT-ID   (cohort-1, or one made on /admin/cohorts)
 * It uses DATABASE_URL like the server, so it works on SQLite and PostgreSQL alike.
 */
import { ACCESS_LEVELS, type Access } from '~/db/schema';
import {
  changeUserStatusByEmail,
  USER_STATUS_ERRORS,
  type UserByEmailRefusal,
  type UserStatusRefusal,
} from '~/features/admin/user-status.server';
import { parseEnv } from '~/lib/env.server';
import { notifyChange } from '~/lib/postgres-event-bus.server';
import { runCommand, UsageError, withDatabase } from './command-line';

/** The command line's words for a refusal (decision 079): the operator reads them. */
function refusalMessage(refused: UserStatusRefusal | UserByEmailRefusal, email: string): string {
  if (refused.reason === 'unknownEmail') return `No user with the e-mail ${email}.`;
  if (refused.reason === 'sharedEmail') {
    return `Several users have the e-mail ${email} (${refused.userIds.join(', ')}).`;
  }
  return USER_STATUS_ERRORS[refused.reason];
}

const USAGE = `Usage:
  npm run user -- list
  npm run user -- set-access EMAIL ${ACCESS_LEVELS.join('|')}
  npm run user -- set-cohort EMAIL none|COHORT-ID`;

async function main(args: string[]): Promise<void> {
  const [command, email, value] = args;
  if (command !== 'list' && command !== 'set-access' && command !== 'set-cohort') {
    throw new UsageError(USAGE);
  }
  const env = parseEnv();
  await withDatabase(env.DATABASE_URL, async (database) => {
    if (command === 'list') {
      const users = await database.db
        .selectFrom('users')
        .select(['email', 'name', 'access', 'cohort', 'created_at'])
        .orderBy('created_at', 'desc')
        .execute();
      for (const user of users) {
        console.log([user.email, user.name, user.access, user.cohort, user.created_at].join('\t'));
      }
      console.log(`${users.length} user${users.length === 1 ? '' : 's'}`);
      return;
    }
    if (!email || !value) throw new UsageError(USAGE);
    if (command === 'set-access' && !(ACCESS_LEVELS as readonly string[]).includes(value)) {
      throw new UsageError(`Access must be one of ${ACCESS_LEVELS.join(', ')} (got "${value}").`);
    }
    const answer = await changeUserStatusByEmail(
      database.db,
      email,
      command === 'set-access' ? { access: value as Access } : { cohort: value },
      'command-line',
    );
    if (!answer.ok) {
      console.error(refusalMessage(answer, email));
      process.exitCode = 1;
      return;
    }
    const changed = answer.user;
    // On SQLite the server hears of this on its next request; on PostgreSQL, right away.
    if (database.engine === 'postgres') {
      await notifyChange(database.db, { collection: 'users', id: changed.id });
    }
    console.log(`${changed.email}: access ${changed.access}, cohort ${changed.cohort}`);
  });
}

runCommand(() => main(process.argv.slice(2)));
