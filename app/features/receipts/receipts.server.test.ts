import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { site } from '~/content/site';
import { applyPaymentEvent } from '~/features/enrolment/payment-events.server';
import { decideTransfer } from '~/features/transfers/bank-transfers.server';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  admin,
  insertOrder,
  insertPayment,
  insertTransfer,
  insertUser,
} from '../../../tests/support/factories';
import { atTheSameMoment } from '../../../tests/support/same-moment';
import { renderReceiptPdf } from './receipt-pdf.server';
import { formatReceiptNumber } from './receipt-links';
import { findReceiptDetails, issueReceipt } from './receipts.server';

const database = useTestDatabase();

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${(sequence += 1)}-${Date.now().toString(36)}`;

/** A student with a paid payment of `amount` (minor units) in `currency`. */
async function paidPayment(
  fields: { currency?: string; amount?: number; status?: 'paid' | 'refunded' } = {},
  name = 'Adébáyọ̀ Ọlá',
) {
  const user = await insertUser(database.db, { name });
  const orderId = unique('ord');
  await insertOrder(database.db, {
    id: orderId,
    userId: user.id,
    amount: fields.amount,
    currency: fields.currency,
    status: 'paid',
  });
  const payment = await insertPayment(database.db, {
    id: unique('pay'),
    orderId,
    userId: user.id,
    amount: fields.amount,
    currency: fields.currency,
    status: fields.status,
  });
  return { user, payment };
}

const allNumbers = async () =>
  (
    await database.db.selectFrom('issued_receipts').select('number').orderBy('number').execute()
  ).map((row) => Number(row.number));

const highest = async () => Math.max(0, ...(await allNumbers()));

/** The PDF's text as poppler's pdftotext reads it: a parser that is not the one that wrote it. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

describe('receipt numbers', () => {
  it('are issued one after another, and a second request gets the same number', async () => {
    const before = await highest();
    const payments = [await paidPayment(), await paidPayment(), await paidPayment()];
    const numbers = [];
    for (const { user, payment } of payments) {
      const receipt = await findReceiptDetails(database.db, 'payment', payment.id, user);
      numbers.push(receipt!.number);
    }
    expect(numbers).toEqual([before + 1, before + 2, before + 3]);
    const { user, payment } = payments[1]!;
    const again = await findReceiptDetails(database.db, 'payment', payment.id, user);
    expect(again!.number).toBe(before + 2);
    expect(await allNumbers()).toEqual(Array.from({ length: before + 3 }, (_, i) => i + 1));
  });

  it('are taken back by a transaction that rolls back: no gap', async () => {
    const before = await highest();
    const { payment } = await paidPayment();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await issueReceipt(trx, 'payment', payment.id);
        throw new Error('the payment’s transaction failed');
      }),
    ).rejects.toThrow('failed');
    const next = await paidPayment();
    const receipt = await findReceiptDetails(database.db, 'payment', next.payment.id, next.user);
    expect(receipt!.number).toBe(before + 1);
  });

  it('never repeat when many receipts are asked for at the same moment', async () => {
    const before = await highest();
    const payments = await Promise.all(Array.from({ length: 8 }, () => paidPayment()));
    const receipts = await atTheSameMoment(
      database,
      { table: 'issued_receipts', operation: 'insert' },
      payments.map(
        ({ user, payment }) =>
          () =>
            findReceiptDetails(database.db, 'payment', payment.id, user),
      ),
    );
    const numbers = receipts.map((receipt) => receipt!.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => before + i + 1));
  });

  it('give one payment asked for many times at once one number', async () => {
    const before = await highest();
    const { user, payment } = await paidPayment();
    const receipts = await atTheSameMoment(
      database,
      { table: 'issued_receipts', operation: 'insert' },
      Array.from(
        { length: 6 },
        () => () => findReceiptDetails(database.db, 'payment', payment.id, user),
      ),
    );
    expect(new Set(receipts.map((receipt) => receipt!.number))).toEqual(new Set([before + 1]));
    const rows = await database.db
      .selectFrom('issued_receipts')
      .select('number')
      .where('source_id', '=', payment.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('are given in the webhook’s transaction, however many payments arrive at once', async () => {
    const before = await highest();
    const orders = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await insertUser(database.db);
        const id = unique('ord');
        await insertOrder(database.db, { id, userId: user.id });
        return id;
      }),
    );
    // Each webhook stops right after writing its payment, before its receipt is numbered.
    const outcomes = await atTheSameMoment(
      database,
      { table: 'payments', operation: 'insert' },
      orders.map(
        (orderId) => () =>
          applyPaymentEvent(database.db, {
            provider: 'local',
            eventId: unique('evt'),
            type: 'checkout.completed',
            orderId,
            raw: {},
            kind: 'payment-succeeded',
            paymentId: unique('charge'),
            amount: 40_000,
            currency: 'USD',
          }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(orders.map(() => 'applied'));
    const issued = await database.db
      .selectFrom('issued_receipts')
      .innerJoin('payments', 'payments.id', 'issued_receipts.source_id')
      .select(['issued_receipts.number', 'payments.id', 'payments.order_id'])
      .where('payments.order_id', 'in', orders)
      .execute();
    expect(issued.map((row) => Number(row.number)).sort((a, b) => a - b)).toEqual(
      orders.map((_, i) => before + i + 1),
    );
    // The e-mail of each payment links to its receipt and names its number.
    const emails = await database.db
      .selectFrom('email_outbox')
      .select('payload')
      .where('template', '=', 'payment-received')
      .execute();
    for (const row of issued) {
      const payload = emails
        .map((email) => JSON.parse(email.payload) as { paymentId?: string; receiptNumber?: number })
        .find((candidate) => candidate.paymentId === row.id);
      expect(payload?.receiptNumber).toBe(Number(row.number));
    }
  });

  it('are given to a transfer when an admin approves it, never to a pending or rejected one', async () => {
    const user = await insertUser(database.db);
    const approved = unique('tr');
    const rejected = unique('tr');
    for (const id of [approved, rejected]) {
      await insertTransfer(database.db, {
        id,
        userId: user.id,
        planId: id === approved ? 'fed-upfront' : 'fsd-upfront',
        amount: id === approved ? 60_000_000 : 150_000_000,
        status: 'pending',
        createdAt: '2026-11-20T10:00:00.000Z',
      });
    }
    expect(await findReceiptDetails(database.db, 'transfer', approved, user)).toBeNull();
    const before = await highest();
    await decideTransfer(database.db, approved, admin, { kind: 'approve', cohort: 'cohort-1' });
    await decideTransfer(database.db, rejected, admin, { kind: 'reject', reason: 'Not found' });
    expect(await highest()).toBe(before + 1);
    const receipt = await findReceiptDetails(database.db, 'transfer', approved, user);
    expect(receipt).toMatchObject({ number: before + 1, method: 'bank-transfer', currency: 'NGN' });
    expect(await findReceiptDetails(database.db, 'transfer', rejected, user)).toBeNull();
    expect(await highest()).toBe(before + 1);
    const email = await database.db
      .selectFrom('email_outbox')
      .select('payload')
      .where('idempotency_key', '=', `transfer-approved:${approved}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(email.payload)).toMatchObject({
      transferId: approved,
      receiptNumber: before + 1,
    });
  });
});

describe('who may have a receipt', () => {
  it('its owner and admins; another student or an unknown id: none, and no number spent', async () => {
    const { user, payment } = await paidPayment();
    const other = await insertUser(database.db, { access: 'level-1' });
    const before = await highest();
    expect(await findReceiptDetails(database.db, 'payment', payment.id, other)).toBeNull();
    expect(await findReceiptDetails(database.db, 'payment', 'no-such-payment', user)).toBeNull();
    expect(await findReceiptDetails(database.db, 'transfer', payment.id, user)).toBeNull();
    expect(await highest()).toBe(before);
    const forAdmin = await findReceiptDetails(database.db, 'payment', payment.id, {
      id: 'someone-else',
      access: 'admin',
    });
    const forOwner = await findReceiptDetails(database.db, 'payment', payment.id, user);
    expect(forAdmin!.number).toBe(before + 1);
    expect(forOwner).toEqual(forAdmin);
  });
});

describe('the receipt PDF', () => {
  it('prints the number, date, academy, payer, plan, amount, provider and “Paid”', async () => {
    const { user, payment } = await paidPayment({ currency: 'NGN', amount: 60_000_000 });
    const receipt = await findReceiptDetails(database.db, 'payment', payment.id, user);
    const pdf = await renderReceiptPdf(receipt!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(formatReceiptNumber(receipt!.number));
    expect(text).toContain(site.name);
    for (const line of site.postalAddress) expect(text).toContain(line);
    expect(text).toContain(site.email.display);
    expect(text).toContain('Adébáyọ̀ Ọlá'.normalize('NFC'));
    expect(text).toContain(user.email);
    expect(text).toContain('FrontEnd Bootcamp Upfront');
    expect(text).toContain('₦600,000');
    expect(text).toContain('Local test provider');
    expect(text).toContain(payment.provider_payment_id);
    expect(text).toContain(payment.order_id);
    const paidOn = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(payment.created_at));
    expect(text).toContain(paidOn);
    expect(text).toMatch(/Status\s+Paid/);
  });

  it('says “Refunded on {date}” for a refunded payment, and names the installment', async () => {
    const user = await insertUser(database.db, { name: 'Chidi Okafor' });
    const orderId = unique('ord');
    await insertOrder(database.db, {
      id: orderId,
      userId: user.id,
      planId: 'fed-installments',
      amount: 15_000,
      installments: 3,
      status: 'paid',
    });
    await insertPayment(database.db, {
      id: unique('pay'),
      orderId,
      userId: user.id,
      amount: 15_000,
      createdAt: '2026-10-01T09:00:00.000Z',
    });
    const second = await insertPayment(database.db, {
      id: unique('pay'),
      orderId,
      userId: user.id,
      amount: 15_000,
      status: 'refunded',
      createdAt: '2026-11-01T09:00:00.000Z',
    });
    const receipt = await findReceiptDetails(database.db, 'payment', second.id, user);
    const text = pdfText(await renderReceiptPdf(receipt!));
    expect(text).toContain('FrontEnd Bootcamp in 3 Installments, installment 2 of 3');
    expect(text).toContain('$150');
    expect(text).toContain('Refunded on 1 November 2026');
    expect(text).not.toMatch(/Status\s+Paid/);
  });
});
