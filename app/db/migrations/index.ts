import type { Migration } from 'kysely';
import * as usersAndSessions from './001-users-and-sessions';
import * as signInAttemptsAndRateLimits from './002-sign-in-attempts-and-rate-limits';
import * as userChanges from './003-user-changes';
import * as userSearchIndexes from './004-user-search-indexes';
import * as postgresSearchKey from './005-postgres-search-key';
import * as userSearchCounts from './006-user-search-counts';
import * as emailOutbox from './007-email-outbox';
import * as ordersPaymentsEnrolments from './008-orders-payments-enrolments';
import * as paymentLookups from './009-payment-lookups';
import * as bankTransfers from './010-bank-transfers';
import * as cohortsAndInvitations from './011-cohorts-and-invitations';
import * as progressAndCertificates from './012-progress-and-certificates';
import * as cohortArchive from './015-cohort-archive';
import * as paymentRefundedAmount from './016-payment-refunded-amount';
import * as transferAlerts from './017-transfer-alerts';
import * as userChangeReason from './022-user-change-reason';
import * as mentorsAndProjects from './023-mentors-and-projects';
import * as liveClasses from './024-live-classes';
import * as quizAttempts from './025-quiz-attempts';
import * as fullstackTrack from './026-fullstack-track';
import * as issuedReceipts from './027-issued-receipts';
import * as account from './028-account';
import * as credentials from './029-credentials';
import * as discountCodes from './030-discount-codes';
import * as overdueInstallments from './031-overdue-installments';
import * as checkoutExpiry from './032-checkout-expiry';
import * as fullstackGrantRevocation from './033-fullstack-grant-revocation';
import * as actorIds from './034-actor-ids';
import * as academySettings from './035-academy-settings';
import * as reviewEmails from './039-review-emails';

/**
 * Migrations are listed statically (not read from disk) so they survive bundling and
 * run identically from the dev server, the production build, scripts and tests.
 */
export const migrations: Record<string, Migration> = {
  '001-users-and-sessions': usersAndSessions,
  '002-sign-in-attempts-and-rate-limits': signInAttemptsAndRateLimits,
  '003-user-changes': userChanges,
  '004-user-search-indexes': userSearchIndexes,
  '005-postgres-search-key': postgresSearchKey,
  '006-user-search-counts': userSearchCounts,
  '007-email-outbox': emailOutbox,
  '008-orders-payments-enrolments': ordersPaymentsEnrolments,
  '009-payment-lookups': paymentLookups,
  '010-bank-transfers': bankTransfers,
  '011-cohorts-and-invitations': cohortsAndInvitations,
  '012-progress-and-certificates': progressAndCertificates,
  '015-cohort-archive': cohortArchive,
  '016-payment-refunded-amount': paymentRefundedAmount,
  '017-transfer-alerts': transferAlerts,
  '022-user-change-reason': userChangeReason,
  '023-mentors-and-projects': mentorsAndProjects,
  '024-live-classes': liveClasses,
  '025-quiz-attempts': quizAttempts,
  '026-fullstack-track': fullstackTrack,
  '027-issued-receipts': issuedReceipts,
  '028-account': account,
  '029-credentials': credentials,
  '030-discount-codes': discountCodes,
  '031-overdue-installments': overdueInstallments,
  '032-checkout-expiry': checkoutExpiry,
  '033-fullstack-grant-revocation': fullstackGrantRevocation,
  '034-actor-ids': actorIds,
  '035-academy-settings': academySettings,
  '039-review-emails': reviewEmails,
};
