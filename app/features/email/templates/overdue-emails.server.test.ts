import { describe, expect, it } from 'vitest';
import { DAY_MS } from '~/lib/days';
import { bankTransfer, findPlan } from '~/content/plans';
import type { TemplateName } from '~/features/email/email-templates';
import { createOrder } from '~/features/enrolment/orders.server';
import { sweepOverdue } from '~/features/enrolment/overdue.server';
import { applyPaymentEvent, type PaymentEvent } from '~/features/enrolment/payment-events.server';
import { insertUser, outboxOf, payByTransfer } from '../../../../tests/support/factories';
import { useTestDatabase } from '../../../../tests/support/test-database';
import { renderEmail } from '../email-renderer.server';

const database = useTestDatabase();

const failedAt = new Date('2026-11-14T10:00:00Z');
const GRACE = 14;
const ORIGIN = 'https://academy.example';

let events = 0;
const base = (orderId: string) => ({
  provider: 'local' as const,
  eventId: `evt_overdue_mail_${++events}`,
  orderId,
  raw: {},
});

/** The e-mail of `template` queued for the person, rendered as it is sent. */
async function rendered(userId: string, template: TemplateName) {
  const queued = (await outboxOf(database.db, userId)).find((row) => row.template === template);
  return renderEmail(template, JSON.parse(queued!.payload) as never, ORIGIN);
}

describe('the overdue e-mails', () => {
  it('name the installment, its amount, the pause day and Update your payment', async () => {
    const user = await insertUser(database.db, { access: 'none' });
    const order = await createOrder(database.db, {
      userId: user.id,
      plan: findPlan('fed-installments')!,
      provider: { name: 'local', currency: 'USD' },
    });
    const paid: PaymentEvent = {
      ...base(order.id),
      type: 'payment.succeeded',
      kind: 'payment-succeeded',
      paymentId: `pay_mail_${order.id}`,
      amount: 15_000,
      currency: 'usd',
    };
    const failed: PaymentEvent = {
      ...base(order.id),
      type: 'payment.failed',
      kind: 'payment-failed',
      reason: 'Card declined',
      manageRef: 'cus_mail',
    };
    await applyPaymentEvent(database.db, paid, new Date(failedAt.getTime() - 31 * DAY_MS));
    await applyPaymentEvent(database.db, failed, failedAt, { graceDays: GRACE });
    await sweepOverdue(database.db, {
      now: new Date(failedAt.getTime() + 3 * DAY_MS),
      graceDays: GRACE,
    });
    await sweepOverdue(database.db, {
      now: new Date(failedAt.getTime() + GRACE * DAY_MS),
      graceDays: GRACE,
    });

    const button = `${ORIGIN}/account/update-payment`;
    for (const template of ['installment-failed', 'installment-reminder'] as const) {
      const email = await rendered(user.id, template);
      expect(email.text).toContain(
        'installment 2 of 3 ($150) for FrontEnd Bootcamp in 3 Installments',
      );
      expect(email.text).toContain('28 November 2026');
      expect(email.html).toContain(`href="${button}"`);
    }
    const paused = await rendered(user.id, 'access-paused');
    expect(paused.text).toContain(
      'installment 2 of 3 ($150) for FrontEnd Bootcamp in 3 Installments is still unpaid, so your access to the course is paused since 28 November 2026',
    );
    expect(paused.html).toContain(`href="${button}"`);
  });

  it('give a transfer payer the bank details and the way to report the transfer', async () => {
    const user = await insertUser(database.db, { access: 'none' });
    const approvedAt = new Date(failedAt.getTime() - 31 * DAY_MS);
    await payByTransfer(database.db, user.id, approvedAt);
    // Installment 2 is due a month after the approval, on `failedAt`.
    for (const days of [3, GRACE]) {
      await sweepOverdue(database.db, {
        now: new Date(failedAt.getTime() + days * DAY_MS),
        graceDays: GRACE,
      });
    }

    for (const template of [
      'installment-failed',
      'installment-reminder',
      'access-paused',
    ] as const) {
      const email = await rendered(user.id, template);
      expect(email.text).toContain(
        'installment 2 of 3 (₦225,000) for FrontEnd Bootcamp in 3 Installments',
      );
      expect(email.text).toContain(bankTransfer.accountNumber);
      expect(email.html).toContain(`href="${ORIGIN}/enroll#bank-transfer-heading"`);
      expect(email.html).not.toContain('/account/update-payment');
    }
  });
});
