import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '~/db/schema';
import { recordSignIn } from '~/features/auth/user-records.server';
import { hashToken } from '~/features/auth/session.server';
import {
  insertEnrolment,
  insertOrder,
  insertPayment,
  insertSession,
  insertUser,
} from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { enrolmentStandingOf } from '~/features/enrolment/enrolment-standing.server';
import { accountPaymentsOf } from './account-payments.server';
import { describeUserAgent, devicesOf, signOutDevice } from './devices.server';
import { renameUser } from './profile.server';

const database = useTestDatabase();
const settings = { secure: false, idleDays: 1, maxDays: 1 };
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const hashOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf('=') + 1));

let person: User;
let other: User;
beforeAll(async () => {
  person = await insertUser(database.db, { name: 'Ada Account' });
  other = await insertUser(database.db, { name: 'Someone Else' });
});

describe('signed-in devices', () => {
  it('names each browser, marks this one, and signs out only the person’s own', async () => {
    const laptop = await insertSession(database.db, person.id);
    const phone = await insertSession(database.db, person.id);
    const theirs = await insertSession(database.db, other.id);
    await database.db
      .updateTable('sessions')
      .set({ user_agent: SAFARI_IPHONE })
      .where('id_hash', '=', hashOf(phone))
      .execute();
    const devices = await devicesOf(database.db, person.id, {
      sessionHash: hashOf(laptop),
      settings,
    });
    expect(devices.map((device) => [device.description, device.current])).toEqual([
      ['An unknown browser', true],
      ['Safari 17 on iOS 17.5', false],
    ]);
    // The page never carries a session's id or its hash.
    const page = JSON.stringify(devices);
    for (const cookie of [laptop, phone]) {
      expect(page).not.toContain(cookie.split('=')[1]);
      expect(page).not.toContain(hashOf(cookie));
    }
    const [, phoneDevice] = devices;
    // Someone else's session is not the person's to end, nor an id that names nothing.
    const [theirDevice] = await devicesOf(database.db, other.id, {
      sessionHash: hashOf(theirs),
      settings,
    });
    expect(await signOutDevice(database.db, person.id, theirDevice!.id)).toBe('not-found');
    expect(await signOutDevice(database.db, person.id, 'A'.repeat(22))).toBe('not-found');
    expect(await signOutDevice(database.db, person.id, phoneDevice!.id)).toBe('ended');
    expect(await signOutDevice(database.db, person.id, phoneDevice!.id)).toBe('not-found');
    const left = await database.db.selectFrom('sessions').select('id_hash').execute();
    const hashes = left.map((row) => row.id_hash);
    expect(hashes).toContain(hashOf(laptop));
    expect(hashes).toContain(hashOf(theirs));
    expect(hashes).not.toContain(hashOf(phone));
  });

  it('lists no session past its expiry', async () => {
    const user = await insertUser(database.db);
    const cookie = await insertSession(database.db, user.id);
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(
      await devicesOf(database.db, user.id, { sessionHash: hashOf(cookie), settings }, tomorrow),
    ).toEqual([]);
  });

  it('reads browsers and systems with a maintained parser', () => {
    expect(describeUserAgent(CHROME_LINUX)).toBe('Chrome 139 on Linux');
    expect(describeUserAgent(null)).toBe('An unknown browser');
    expect(describeUserAgent('curl/8.5.0')).toBe('A browser');
  });
});

describe('the display name', () => {
  it('is the person’s once they choose it: signing in again keeps it', async () => {
    const claims = {
      sub: `sub-${Date.now()}`,
      email: 'rename@example.org',
      name: 'Google Name',
      emailVerified: true,
    };
    const { user } = await recordSignIn(database.db, claims, []);
    expect(user.name).toBe('Google Name');
    await recordSignIn(database.db, { ...claims, name: 'Google Renamed' }, []);
    await renameUser(database.db, user.id, 'Ada Lovelace');
    const again = await recordSignIn(
      database.db,
      { ...claims, name: 'Google Name' },
      [],
      async () => {},
    );
    expect(again.user.name).toBe('Ada Lovelace');
  });
});

describe('payments on the account page', () => {
  it('lists paid, refunded and unpaid checkouts, newest first, and where installments stand', async () => {
    const buyer = await insertUser(database.db, { access: 'level-1' });
    const at = (day: number) => new Date(Date.UTC(2026, 8, day, 10)).toISOString();
    await insertOrder(database.db, {
      id: `ord-up-${buyer.id}`,
      userId: buyer.id,
      status: 'paid',
      createdAt: at(1),
    });
    await insertPayment(database.db, {
      id: `pay-up-${buyer.id}`,
      orderId: `ord-up-${buyer.id}`,
      userId: buyer.id,
      status: 'refunded',
      createdAt: at(1),
    });
    await insertOrder(database.db, {
      id: `ord-inst-${buyer.id}`,
      userId: buyer.id,
      planId: 'fed-installments',
      amount: 15_000,
      installments: 3,
      provider: 'paystack',
      status: 'paid',
      createdAt: at(2),
    });
    for (const [index, day] of [2, 30].entries()) {
      await insertPayment(database.db, {
        id: `pay-inst-${index}-${buyer.id}`,
        orderId: `ord-inst-${buyer.id}`,
        userId: buyer.id,
        provider: 'paystack',
        amount: 15_000,
        createdAt: at(day),
      });
    }
    await insertEnrolment(database.db, {
      userId: buyer.id,
      orderId: `ord-inst-${buyer.id}`,
      planId: 'fed-installments',
      installmentsPaid: 2,
      installmentsTotal: 3,
    });
    await insertOrder(database.db, {
      id: `ord-open-${buyer.id}`,
      userId: buyer.id,
      planId: 'fsd-upfront',
      amount: 100_000,
      provider: 'stripe',
      createdAt: at(3),
    });

    const { payments } = await accountPaymentsOf(database.db, buyer.id);
    expect(payments.map((line) => [line.kind, line.planId, line.status, line.amount])).toEqual([
      ['payment', 'fed-installments', 'paid', 15_000],
      ['order', 'fsd-upfront', 'pending', 100_000],
      ['payment', 'fed-installments', 'paid', 15_000],
      ['payment', 'fed-upfront', 'refunded', 40_000],
    ]);
    expect(payments.at(-1)?.refundedAt).toBe(at(1));
    // Monthly from the first payment: two paid, the third a month after the second's due day.
    const standing = await enrolmentStandingOf(database.db, buyer.id, { graceDays: 14 });
    expect(standing?.installments.map(({ status, dueOn }) => [status, dueOn])).toEqual([
      ['paid', at(2)],
      ['paid', new Date(Date.UTC(2026, 9, 2, 10)).toISOString()],
      ['due', new Date(Date.UTC(2026, 10, 2, 10)).toISOString()],
    ]);
    expect(await accountPaymentsOf(database.db, other.id)).toEqual({ payments: [] });
  });
});
