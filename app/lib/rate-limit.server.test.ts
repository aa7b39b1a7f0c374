import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/support/test-database';
import { consumeRateLimit, deleteEndedRateLimits } from './rate-limit.server';

const handle = useTestDatabase();

describe('consumeRateLimit', () => {
  it('allows up to the limit per window, then refuses with the time left', async () => {
    const start = new Date('2026-11-21T10:00:00.000Z');
    const results = [];
    for (let hit = 0; hit < 4; hit += 1) {
      results.push(
        await consumeRateLimit(handle.db, 'k1', 3, 60_000, new Date(start.getTime() + hit * 1000)),
      );
    }
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(57);
  });

  it('starts a new window once the old one has passed, and keeps keys apart', async () => {
    const start = new Date('2026-11-21T11:00:00.000Z');
    await consumeRateLimit(handle.db, 'k2', 1, 60_000, start);
    expect((await consumeRateLimit(handle.db, 'k2', 1, 60_000, start)).allowed).toBe(false);
    expect((await consumeRateLimit(handle.db, 'k3', 1, 60_000, start)).allowed).toBe(true);
    const later = new Date(start.getTime() + 60_001);
    expect((await consumeRateLimit(handle.db, 'k2', 1, 60_000, later)).allowed).toBe(true);
  });
});

describe('deleteEndedRateLimits', () => {
  it('deletes the counters whose window ended and keeps the running ones', async () => {
    const start = new Date('2030-02-01T00:00:00.000Z');
    const window = 10 * 60 * 1000;
    await consumeRateLimit(handle.db, 'sweep:old', 5, window, start);
    await consumeRateLimit(handle.db, 'sweep:new', 5, window, new Date(start.getTime() + window));
    const now = new Date(start.getTime() + window + 1000);
    await deleteEndedRateLimits(handle.db, new Date(now.getTime() - window));
    const keys = await handle.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', 'sweep:%')
      .execute();
    expect(keys.map((row) => row.key)).toEqual(['sweep:new']);
  });
});
