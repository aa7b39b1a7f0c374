/** The admin's Retry button on a failed e-mail: shared by the page and its action. */
export const RETRY_EMAIL_INTENT = 'retry-email';
