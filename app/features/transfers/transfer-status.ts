import type { BankTransferStatus } from '~/db/schema';
import type { StatusLook } from '~/ui/list/list-cells';

/** How a transfer's status reads in the admin area. */
export const TRANSFER_STATUS: Record<BankTransferStatus, StatusLook> = {
  pending: { label: 'pending review', tone: 'warning' },
  approved: { label: 'approved', tone: 'good' },
  rejected: { label: 'rejected', tone: 'bad' },
};
