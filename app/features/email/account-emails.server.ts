import type { Kysely } from 'kysely';
import type { Database, User } from '~/db/schema';
import { isDeliverableAddress } from '~/lib/mail-address';
import { enqueueEmail } from './outbox.server';

/**
 * "Welcome to Frontier Dev Academy", once per account: queued in the transaction that
 * creates the account. An identity without a usable address gets no e-mail.
 */
export async function enqueueWelcomeEmail(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'name' | 'email'>,
  now: Date = new Date(),
): Promise<void> {
  if (!isDeliverableAddress(user.email)) return;
  await enqueueEmail(
    db,
    {
      key: `welcome:${user.id}`,
      template: 'welcome',
      payload: { name: user.name },
      to: { address: user.email, name: user.name },
      userId: user.id,
    },
    now,
  );
}
