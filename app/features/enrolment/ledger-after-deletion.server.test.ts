import { describe, expect, it } from 'vitest';
import { deleteAccount } from '~/features/account/account-deletion.server';
import { DELETED_ACCOUNT_NAME } from '~/features/account/account-data';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  insertTransfer,
  insertUser,
  payThroughVerifiedWebhook,
} from '../../../tests/support/factories';
import { readCsvWithPython } from '../../../tests/support/python-csv';
import { parsePaymentSearch } from './payment-search';
import {
  LEDGER_COLUMNS,
  ledgerExportStream,
  paymentTotals,
  searchPayments,
} from './payment-search.server';

const handle = useTestDatabase();

const everything = parsePaymentSearch(new URLSearchParams());

/** What an admin reads of the whole ledger: the totals, the rows and the CSV as a spreadsheet reads it. */
async function ledgerAsRead() {
  const { db } = handle;
  const bytes = new Uint8Array(
    await new Response(ledgerExportStream(db, everything)).arrayBuffer(),
  );
  return {
    totals: await paymentTotals(db, everything),
    page: await searchPayments(db, everything),
    csv: readCsvWithPython(bytes),
  };
}

describe('a paying student deletes their account', () => {
  it('the ledger keeps their payments as a "Deleted account" row: totals, rows and CSV unchanged but the buyer', async () => {
    const { db } = handle;
    const stays = await insertUser(db, { name: 'Tomi Stays', email: 'tomi@example.com' });
    const leaves = await insertUser(db, { name: 'Lola Leaves', email: 'lola@example.com' });
    await payThroughVerifiedWebhook(db, stays.id, 'fed-upfront');
    const order = await payThroughVerifiedWebhook(db, leaves.id, 'fsd-upfront');
    await insertTransfer(db, {
      id: 'tr_approved',
      userId: leaves.id,
      planId: 'fed-upfront',
      amount: 60_000_000,
      status: 'approved',
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    const before = await ledgerAsRead();
    expect(before.page.total).toBe(3);

    const deleted = await deleteAccount(db, { userId: leaves.id, typedEmail: 'lola@example.com' });
    if (!deleted.ok) throw new Error(`not deleted: ${deleted.reason}`);
    const after = await ledgerAsRead();

    expect(after.totals).toEqual(before.totals);
    expect(after.page.total).toBe(3);
    expect(after.page.counts).toEqual(before.page.counts);
    const anonymised = { id: deleted.tombstoneId, name: DELETED_ACCOUNT_NAME };
    expect(after.page.rows).toEqual(
      before.page.rows.map((row) =>
        row.buyer.id === leaves.id
          ? { ...row, buyer: { ...anonymised, email: expect.stringMatching(/@deleted\.invalid$/) } }
          : row,
      ),
    );
    expect(after.page.rows.find((row) => row.id === order.id)).toMatchObject({
      status: 'paid',
      received: order.amount,
    });

    // The CSV, read back by Python: the same rows and amounts, the buyer's columns anonymised.
    const buyer = LEDGER_COLUMNS.indexOf('buyer');
    const email = LEDGER_COLUMNS.indexOf('email');
    expect(after.csv).toHaveLength(4);
    expect(after.csv).toEqual(
      before.csv.map((record) => {
        if (record[buyer] !== 'Lola Leaves') return record;
        const anonymisedRecord = [...record];
        anonymisedRecord[buyer] = DELETED_ACCOUNT_NAME;
        anonymisedRecord[email] = expect.stringMatching(/@deleted\.invalid$/);
        return anonymisedRecord;
      }),
    );
    expect(JSON.stringify(after.csv)).not.toMatch(/lola/i);
  });
});
