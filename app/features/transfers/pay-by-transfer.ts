import { bankTransfer } from '~/content/plans';

/** Where a transfer payer reports a transfer: the bank-transfer form of the Enroll page. */
export const REPORT_TRANSFER_PATH = '/enroll#bank-transfer-heading';

/**
 * How an overdue installment is paid by transfer (decision 074), in the words the "Your
 * enrolment" panel and the overdue e-mails share: the bank's details, then the link to
 * report the transfer. "Send the installment to …, number 0691427385, then report it with
 * its receipt on the Enroll page."
 */
export const PAY_BY_TRANSFER = {
  send: `Send the installment to ${bankTransfer.bankName}, account ${bankTransfer.accountName}, number`,
  accountNumber: bankTransfer.accountNumber,
  report: 'then report it with its receipt on the',
  link: 'Enroll page',
} as const;
