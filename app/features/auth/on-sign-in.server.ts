import { enqueueWelcomeEmail } from '~/features/email/account-emails.server';
import { claimInvitation } from '~/features/invitations/invitations.server';
import type { SignInHook } from './user-records.server';

/**
 * What a sign-in brings, in the transaction that records it: a new account's welcome
 * e-mail, and, for an address the identity provider verified, a pending invitation's
 * access and cohort (an account that exists but was unverified when invited gets it at
 * its first verified sign-in).
 */
export const onSignIn: SignInHook = async (trx, user, now, identity) => {
  if (identity.created) await enqueueWelcomeEmail(trx, user, now);
  await claimInvitation(trx, user, identity, now);
};
