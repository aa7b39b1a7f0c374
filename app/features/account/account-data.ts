import { plural } from '~/lib/format';

/**
 * What the "Your data" part of the account says (decision 049): client-safe, shared
 * by the pages, the routes and the tests.
 */

/** The downloads allowed per person per hour (a file is made from every table each time). */
export const EXPORTS_PER_HOUR = 3;

export const ACCOUNT_DATA_MESSAGES = {
  exportRateLimited: (minutes: number) =>
    `You can download your data ${EXPORTS_PER_HOUR} times an hour. Try again in ${plural(minutes, 'minute')}.`,
  emailField: 'Type the e-mail address of your account.',
  wrongEmail: 'That is not the e-mail address of this account: nothing was deleted.',
  lastAdmin:
    'You are the last admin: the site would have nobody to run it. Make another person admin first, then delete your account.',
  deleted: 'Your account was deleted. A confirmation is on its way to the address it had.',
  providerUnreachable: (provider: string) =>
    `We could not reach ${provider} to stop your installment plan, so your account was not deleted: it would still charge your card. Nothing has changed. Try again in a few minutes.`,
} as const;

/** The name a deleted account keeps, in the admin list and wherever the person acted. */
export const DELETED_ACCOUNT_NAME = 'Deleted account';
