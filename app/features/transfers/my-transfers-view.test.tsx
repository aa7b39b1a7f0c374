import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MyTransfer } from './my-transfers.server';
import { MyTransfers } from './my-transfers-view';

const transfer: MyTransfer = {
  id: 'trf_1',
  planName: 'FrontEnd Bootcamp in 3 Installments',
  amount: '₦200,000',
  mismatch: '₦25,000 short of the ₦225,000 expected',
  installmentReceived: null,
  transferDate: '20 November 2026',
  submittedOn: '20 November 2026',
  status: 'pending',
  reason: null,
  receiptUrl: '/receipts/rcp_1',
};

const render = (transfers: MyTransfer[]) =>
  renderToString(<MyTransfers transfers={transfers} heading="Your bank transfers" />);

describe('a student’s own list of transfers', () => {
  it('says how a pending transfer’s amount differs from the plan’s, as the admin sees it', () => {
    expect(render([transfer])).toContain(
      '₦25,000 short of the ₦225,000 expected. The amount is checked before your transfer is confirmed.',
    );
    expect(render([{ ...transfer, amount: '₦225,000', mismatch: null }])).not.toContain('expected');
  });

  it('names the installment a later approved transfer paid', () => {
    const html = render([
      {
        ...transfer,
        amount: '₦225,000',
        mismatch: null,
        status: 'approved',
        installmentReceived: 'Installment 2 of 3 received',
      },
    ]);
    expect(html).toContain('Installment 2 of 3 received.');
    expect(html).not.toContain('Your course is unlocked.');
  });
});
