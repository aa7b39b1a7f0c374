import type { Access, Cohort } from '~/db/schema';
import type { FormErrors } from '~/ui/form';
import type { NotAnAddress } from './address-list';

/** The invitations form's words and limits, for its page and its action. */
export const CSV_MAX_BYTES = 1024 * 1024;
export const INVITATIONS_FORM_MAX_BYTES = CSV_MAX_BYTES + 64 * 1024;

export const INVITE_MESSAGES = {
  none: 'Enter at least one e-mail address, or choose a CSV file with an email column.',
  tooMany: 'Invite at most 500 addresses at a time.',
  access: 'Choose the access: none or Level 1 - FED.',
  cohort: 'There is no such cohort. Choose one of the list.',
  csvTooLarge: 'The CSV file is larger than 1 MB.',
  revoked: 'Invitation revoked',
  notPending: 'That invitation is no longer pending: it was used or revoked already.',
  noneConfirmed: 'Tick at least one account to update.',
} as const;

/** The page's buttons: Send invitations, Update the ticked accounts, and Revoke on a row. */
export const INVITE_INTENTS = { invite: 'invite', confirm: 'confirm', revoke: 'revoke' } as const;

/** An account an invitation would change, listed for the admin to confirm first. */
export interface HeldAccount {
  email: string;
  name: string;
  access: Access;
  cohort: Cohort;
}

/** The fields of the Send invitations form, which a refusal may name. */
export type InviteField = 'emails' | 'csv' | 'access' | 'cohort';

/**
 * What the action answers: a refusal (`FormErrors`, with the entries that were not addresses
 * when none was left to invite), or what a sending did.
 */
export interface InviteResult extends Partial<FormErrors<InviteField>> {
  /** Addresses invited, and of them, those that had an account and were updated at once. */
  sent?: number;
  applied?: number;
  /** Entries that are not addresses: the line of the list or of the CSV file they were on. */
  invalid?: NotAnAddress[];
  /** Accounts left untouched until the admin confirms, with the invitation's choices. */
  held?: HeldAccount[];
  access?: string;
  cohort?: string;
}
