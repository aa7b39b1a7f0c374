/** The admin's Retry button on a failed e-mail: shared by the page and its action. */
export const RETRY_EMAIL_INTENT = 'retry-email';

export const RETRY_EMAIL_MESSAGES = {
  noEmail: 'The form did not name an e-mail. Reload the page.',
  queued: 'The e-mail is queued and will be sent again in a moment.',
  notRetryable:
    'This e-mail has not failed (it may have been retried or sent already). Reload the page.',
} as const;
