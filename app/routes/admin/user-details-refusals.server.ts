import { USER_STATUS_ERRORS, type UserStatusRefusal } from '~/features/admin/user-status.server';
import {
  CERTIFICATE_MESSAGES,
  noteRequiredMessage,
  type CertificateField,
} from '~/features/certificates/certificate-form';
import type { IssueRefusal, RevokeRefusal } from '~/features/certificates/certificates.server';
import { FULLSTACK_GRANT_MESSAGES } from '~/features/fullstack/fullstack-grant-form';
import type {
  GrantRefusal,
  RevokeGrantRefusal,
} from '~/features/fullstack/fullstack-grants.server';
import type { Refusal } from '~/lib/refusal';
import type { RefusalAnswers } from '~/lib/refusal.server';

/** How the user's page answers a refused change of access or cohort (decision 079). */
export const USER_STATUS_REFUSALS: RefusalAnswers<UserStatusRefusal> = {
  notFound: { status: 404, message: USER_STATUS_ERRORS.notFound },
  ownAccess: { status: 403, message: USER_STATUS_ERRORS.ownAccess },
  grantAdmin: { status: 403, message: USER_STATUS_ERRORS.grantAdmin },
  lastAdmin: { status: 409, message: USER_STATUS_ERRORS.lastAdmin },
  listedAdmin: { status: 409, message: USER_STATUS_ERRORS.listedAdmin },
  unknownCohort: { status: 400, message: USER_STATUS_ERRORS.unknownCohort },
  reasonRequired: { status: 400, message: USER_STATUS_ERRORS.reasonRequired },
  keepOpenReasonRequired: { status: 400, message: USER_STATUS_ERRORS.keepOpenReasonRequired },
};

/** How the user's page answers a refused certificate, under the field it is about. */
export const CERTIFICATE_REFUSALS: RefusalAnswers<IssueRefusal | RevokeRefusal, CertificateField> =
  {
    name: { status: 400, message: CERTIFICATE_MESSAGES.name, field: 'name' },
    noteTooLong: { status: 400, message: CERTIFICATE_MESSAGES.noteTooLong, field: 'note' },
    noteRequired: ({ progress }) => ({
      status: 400,
      message: noteRequiredMessage(progress),
      field: 'note',
    }),
    userNotFound: { status: 404, message: CERTIFICATE_MESSAGES.userNotFound },
    trackNotHeld: { status: 400, message: CERTIFICATE_MESSAGES.trackNotHeld, field: 'track' },
    alreadyValid: { status: 409, message: CERTIFICATE_MESSAGES.alreadyValid },
    reason: { status: 400, message: CERTIFICATE_MESSAGES.reason, field: 'reason' },
    notFound: { status: 404, message: CERTIFICATE_MESSAGES.notFound },
    alreadyRevoked: { status: 409, message: CERTIFICATE_MESSAGES.alreadyRevoked },
  };

/**
 * How the user's page answers a refused FullStack grant or revocation; an unknown person is
 * the page's own 404, answered before this table.
 */
export const FULLSTACK_GRANT_REFUSALS: RefusalAnswers<
  Exclude<GrantRefusal | RevokeGrantRefusal, Refusal<'unknownUser'>>
> = {
  already: { status: 409, message: FULLSTACK_GRANT_MESSAGES.already },
  notGranted: { status: 409, message: FULLSTACK_GRANT_MESSAGES.notGranted },
};
