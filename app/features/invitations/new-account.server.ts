import type { AccountCreatedHook } from '~/features/auth/user-records.server';
import { enqueueWelcomeEmail } from '~/features/email/account-emails.server';
import { claimInvitation } from './invitations.server';

/**
 * What a new account gets in the transaction that creates it: the welcome e-mail, and the
 * access and cohort of a pending invitation for its (verified) address.
 */
export const setUpNewAccount: AccountCreatedHook = async (trx, user, now, identity) => {
  await enqueueWelcomeEmail(trx, user, now);
  await claimInvitation(trx, user, identity, now);
};
