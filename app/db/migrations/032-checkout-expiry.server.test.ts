import { describe, expect, it } from 'vitest';
import { createMigrator } from '~/db/database.server';
import { createDiscountCode } from '~/features/discounts/discounts.server';
import { discountCodeFields, insertOrder, insertUser } from '../../../tests/support/factories';
import { accepted } from '../../../tests/support/accepted';
import { useTestDatabase } from '../../../tests/support/test-database';

const database = useTestDatabase();
/** When the orders made before the migration were made. */
const createdAt = '2026-11-27T09:00:00.000Z';

describe('migration 032: when an order’s checkout closes', () => {
  it('gives the orders pending with a code the 24 hours they were made under, and no other order a checkout', async () => {
    const migrator = await createMigrator(database.db);
    expect((await migrator.migrateTo('031-overdue-installments')).error).toBeUndefined();
    const student = await insertUser(database.db);
    const created = await createDiscountCode(
      database.db,
      discountCodeFields({ code: 'OLD-HOLD' }),
      { id: 'admin-1', name: 'Ada Admin' },
    );
    const code = accepted(created).discountCode;
    for (const [id, status, codeId] of [
      ['ord-held', 'pending', code.id],
      ['ord-plain', 'pending', null],
      ['ord-paid', 'paid', code.id],
    ] as const) {
      await insertOrder(database.db, { id, userId: student.id, status, createdAt });
      await database.db
        .updateTable('orders')
        .set({ discount_code_id: codeId })
        .where('id', '=', id)
        .execute();
    }

    expect((await migrator.migrateTo('032-checkout-expiry')).error).toBeUndefined();
    const orders = await database.db
      .selectFrom('orders')
      .select(['id', 'checkout_expires_at'])
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { id: 'ord-held', checkout_expires_at: '2026-11-28T09:00:00.000Z' },
      { id: 'ord-paid', checkout_expires_at: null },
      { id: 'ord-plain', checkout_expires_at: null },
    ]);
  });
});
