import type { Kysely } from 'kysely';
import { createIndex } from './columns';

const HOLD_OF_OLD_MS = 24 * 60 * 60_000;

/**
 * When an order's checkout closes (decision 062): a pending order made with a discount code
 * holds the code's use until then, not for 24 hours. Orders already pending with a code keep
 * the 24 hours they were made under; every other order has no open checkout to resume.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('checkout_expires_at', 'text').execute();
  const orders = db as unknown as Kysely<{
    orders: {
      id: string;
      status: string;
      created_at: string;
      discount_code_id: string | null;
      checkout_expires_at: string | null;
    };
  }>;
  const held = await orders
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('status', '=', 'pending')
    .where('discount_code_id', 'is not', null)
    .execute();
  for (const order of held) {
    const ends = new Date(Date.parse(order.created_at) + HOLD_OF_OLD_MS).toISOString();
    await orders
      .updateTable('orders')
      .set({ checkout_expires_at: ends })
      .where('id', '=', order.id)
      .execute();
  }
  // The holds of one code that have ended: read when a use is taken and by the sweep.
  await createIndex(db, 'orders_code_holds', 'orders', [
    'discount_code_id',
    'status',
    'checkout_expires_at',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_code_holds').execute();
  await db.schema.alterTable('orders').dropColumn('checkout_expires_at').execute();
}
