import { describe, expect, it } from 'vitest';
import { createDiscountCode } from '~/features/discounts/discounts.server';
import {
  admin,
  discountCodeFields,
  insertEnrolment,
  insertPaidOrder,
  insertSession,
  insertStepCompletions,
  insertTransfer,
  insertUser,
} from '../../../tests/support/factories';
import { accepted } from '../../../tests/support/accepted';
import { useTestDatabase } from '../../../tests/support/test-database';
import { streamedDownload } from '~/lib/download.server';
import {
  ACCOUNT_DATA_FORMAT,
  ACCOUNT_DATA_KEYS,
  ACCOUNT_DATA_TYPE,
  accountDataStream,
  consumeExportAllowance,
  exportFileName,
} from './account-export.server';
import { EXPORTS_PER_HOUR } from './account-data';

const database = useTestDatabase();
const origin = 'https://academy.example';
const now = new Date('2026-11-26T09:30:00.000Z');

describe('accountDataStream', () => {
  it('writes the documented keys in order, with only the person’s own rows', async () => {
    const { db } = database;
    const ada = await insertUser(db, {
      name: 'Ada Obi',
      email: 'ada@example.com',
      access: 'level-1',
    });
    const other = await insertUser(db);
    await insertSession(db, ada.id);
    await insertPaidOrder(db, ada.id, 'ada');
    await insertPaidOrder(db, other.id, 'other');
    await insertTransfer(db, {
      id: 'trf-ada',
      userId: ada.id,
      planId: 'fed-upfront',
      amount: 15_000_000,
      status: 'approved',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    await insertStepCompletions(db, ada.id, ['roadmap'], '2026-11-21T10:00:00.000Z');

    const response = streamedDownload(
      accountDataStream(db, ada.id, { origin, now }),
      exportFileName(now),
      ACCOUNT_DATA_TYPE,
    );
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="my-data-2026-11-26.json"',
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const file = (await response.json()) as Record<string, unknown>;

    expect(Object.keys(file)).toEqual([...ACCOUNT_DATA_KEYS]);
    expect(file.format).toBe(ACCOUNT_DATA_FORMAT);
    expect(file.exportedAt).toBe(now.toISOString());
    expect(file.profile).toMatchObject({
      id: ada.id,
      name: 'Ada Obi',
      email: 'ada@example.com',
      access: 'level-1',
      reviewEmails: 'each',
    });
    expect(file.payments).toEqual([
      expect.objectContaining({
        id: 'pay-ada',
        amount: 40_000,
        currency: 'USD',
        status: 'paid',
        receiptUrl: `${origin}/account/receipts/payment/pay-ada`,
      }),
    ]);
    expect(file.orders).toEqual([expect.objectContaining({ id: 'ord-ada', status: 'paid' })]);
    expect(file.bankTransfers).toEqual([
      expect.objectContaining({
        id: 'trf-ada',
        status: 'approved',
        uploadedFileUrl: `${origin}/receipts/rcp-trf-ada`,
        receiptUrl: `${origin}/account/receipts/transfer/trf-ada`,
      }),
    ]);
    expect(file.progress).toEqual([{ step: 'roadmap', completedAt: '2026-11-21T10:00:00.000Z' }]);
    expect(file.sessions).toHaveLength(1);
    expect(JSON.stringify(file)).not.toContain('pay-other');
  });

  it('names the discount code of an order and an admin’s waiver of an installment', async () => {
    const { db } = database;
    const ada = await insertUser(db);
    await insertPaidOrder(db, ada.id, 'code');
    const created = await createDiscountCode(db, discountCodeFields({ code: 'lagos20' }), admin);
    const code = accepted(created).discountCode;
    await db
      .updateTable('orders')
      .set({ discount_code_id: code.id, discount_amount: 8_000 })
      .where('id', '=', 'ord-code')
      .execute();
    await insertEnrolment(db, { userId: ada.id, orderId: 'ord-code', id: 'enr-code' });
    await db
      .insertInto('enrolment_changes')
      .values({
        id: 'chg-code',
        enrolment_id: 'enr-code',
        user_id: ada.id,
        action: 'installment-waived',
        changed_by: admin.id,
        changed_by_name: admin.name,
        reason: 'Hardship, agreed on the phone',
        detail: 'Installment 2 of 3 waived',
        changed_at: '2026-11-25T10:00:00.000Z',
      })
      .execute();

    const file = (await streamedDownload(
      accountDataStream(db, ada.id, { origin, now }),
      exportFileName(now),
      ACCOUNT_DATA_TYPE,
    ).json()) as Record<string, unknown>;
    expect(file.orders).toEqual([
      expect.objectContaining({
        id: 'ord-code',
        discountCode: 'LAGOS20',
        discountPerPayment: 8_000,
      }),
    ]);
    expect(file.overdueChanges).toEqual([
      {
        enrolmentId: 'enr-code',
        action: 'installment-waived',
        detail: 'Installment 2 of 3 waived',
        reason: 'Hardship, agreed on the phone',
        changedBy: admin.name,
        changedAt: '2026-11-25T10:00:00.000Z',
      },
    ]);
  });

  it('counts downloads per person: the fourth in an hour is refused with the wait', async () => {
    const { db } = database;
    const ada = await insertUser(db);
    const other = await insertUser(db);
    for (let index = 0; index < EXPORTS_PER_HOUR; index += 1) {
      expect((await consumeExportAllowance(db, ada.id, now)).allowed).toBe(true);
    }
    const refused = await consumeExportAllowance(db, ada.id, new Date(now.getTime() + 60_000));
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 59 * 60 });
    expect((await consumeExportAllowance(db, other.id, now)).allowed).toBe(true);
  });
});
