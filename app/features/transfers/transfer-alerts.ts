export const TRANSFER_ALERT_MESSAGES = {
  label: 'E-mail me when a student submits a transfer',
  on: 'You will get an e-mail for each transfer submitted',
  off: 'You will no longer get an e-mail for each transfer submitted',
} as const;
