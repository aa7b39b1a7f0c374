import { describe, expect, it } from 'vitest';
import { findPlan } from '~/content/plans';
import { useTestDatabase } from '../../../tests/support/test-database';
import { admin, insertUser, reportTransfer } from '../../../tests/support/factories';
import { decideTransfer, submitTransfer } from './bank-transfers.server';
import {
  countPendingTransfers,
  findTransferForReview,
  listTransferQueue,
} from './transfer-queue.server';

const database = useTestDatabase();

const receipt = {
  bytes: Buffer.from('%PDF-1.7\n'),
  type: 'application/pdf' as const,
  fileName: 'r.pdf',
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));

describe('the admin transfer queue', () => {
  it('lists pending transfers oldest first, then decided ones most recently decided first, across pages', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 14; index += 1) {
      const user = await insertUser(database.db, { name: `Student ${index}` });
      const result = await submitTransfer(
        database.db,
        {
          userId: user.id,
          plan: findPlan('fed-upfront')!,
          amountNaira: 600_000,
          transferDate: '2026-11-19',
          reference: `Ref ${index}`,
          receipt,
        },
        at(index),
      );
      if (!result.ok) throw new Error(result.error);
      ids.push(result.transferId);
    }
    // Eight decided, in the order 0…7, at minutes 30…37; six stay pending (8…13).
    for (let index = 0; index < 8; index += 1) {
      await decideTransfer(
        database.db,
        ids[index]!,
        admin,
        index % 2
          ? { kind: 'reject', reason: 'No such transfer' }
          : { kind: 'approve', cohort: 'cohort-1' },
        at(30 + index),
      );
    }
    expect(await countPendingTransfers(database.db)).toBe(6);
    const first = await listTransferQueue(database.db, 1);
    const second = await listTransferQueue(database.db, 2);
    expect(first).toMatchObject({ total: 14, pending: 6, page: 1, pageCount: 2 });
    const order = [...first.transfers, ...second.transfers].map((transfer) => transfer.id);
    expect(order).toEqual([
      ...ids.slice(8, 14), // pending, oldest first
      ...ids.slice(0, 8).reverse(), // decided, the latest decision first
    ]);
    expect(first.transfers[0]).toMatchObject({
      name: 'Student 8',
      status: 'pending',
      amount: '₦600,000',
    });
    expect(second.transfers.at(-1)).toMatchObject({ name: 'Student 0', status: 'approved' });
    // A page past the end is the last page.
    expect((await listTransferQueue(database.db, 9)).page).toBe(2);
  });
});

describe('a pending transfer as the admin reviews it (decision 074)', () => {
  const report = (userId: string, planId: string, minute: number) =>
    reportTransfer(database.db, userId, at(minute), planId);
  const approve = (transferId: string, minute: number) =>
    decideTransfer(
      database.db,
      transferId,
      admin,
      { kind: 'approve', cohort: 'cohort-1' },
      at(minute),
    );

  it('says which installment it pays, or that the plan is paid in full already', async () => {
    const user = await insertUser(database.db);
    const first = await report(user.id, 'fed-installments', 1);
    expect((await findTransferForReview(database.db, first))?.pays).toEqual({ kind: 'first' });
    await approve(first, 2);
    const second = await report(user.id, 'fed-installments', 3);
    expect((await findTransferForReview(database.db, second))?.pays).toEqual({
      kind: 'installment',
      installment: 2,
      of: 3,
    });

    const upfront = await insertUser(database.db);
    await approve(await report(upfront.id, 'fed-upfront', 4), 5);
    const again = await report(upfront.id, 'fed-upfront', 6);
    expect((await findTransferForReview(database.db, again))?.pays).toEqual({ kind: 'plan-paid' });
  });
});
