import type { Access, Cohort, Track } from '~/db/schema';
import type { FormErrors } from '~/ui/form';
import type { NotAnAddress } from './address-list';

/** The invitations form's words and limits, for its page and its action. */
export const CSV_MAX_BYTES = 1024 * 1024;
export const INVITATIONS_FORM_MAX_BYTES = CSV_MAX_BYTES + 64 * 1024;

export const INVITE_MESSAGES = {
  none: 'Enter at least one e-mail address, or choose a CSV file with an email column.',
  tooMany: 'Invite at most 500 addresses at a time.',
  access: 'Choose the access: none, Level 1 - FED or Level 1 - FullStack.',
  cohort: 'There is no such cohort. Choose one of the list.',
  csvTooLarge: 'The CSV file is larger than 1 MB.',
  revoked: 'Invitation revoked',
  notPending: 'That invitation is no longer pending: it was used or revoked already.',
  noneConfirmed: 'Tick at least one account to update.',
} as const;

/**
 * The invitation's Access select: no access, the FrontEnd track, or the FullStack track
 * (decision 047), which an invitation stores as Level 1 access and its track.
 */
export const INVITE_ACCESS_LABELS = {
  none: 'none',
  'level-1': 'Level 1 - FED',
  fullstack: 'Level 1 - FullStack',
} as const;

export type InviteAccessChoice = keyof typeof INVITE_ACCESS_LABELS;

export function invitedAs(choice: InviteAccessChoice): {
  access: 'none' | 'level-1';
  track: Track;
} {
  return choice === 'none'
    ? { access: 'none', track: 'frontend' }
    : { access: 'level-1', track: choice === 'fullstack' ? 'fullstack' : 'frontend' };
}

/** The Access label of an invitation as stored. */
export function invitationAccessLabel(invitation: { access: Access; track: Track }): string {
  if (invitation.access === 'none') return INVITE_ACCESS_LABELS.none;
  return INVITE_ACCESS_LABELS[invitation.track === 'fullstack' ? 'fullstack' : 'level-1'];
}

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
