import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/support/test-database';
import { consumeCodeAttempt } from './code-attempts.server';

const handle = useTestDatabase();
const limits = { perPerson: 10, perAddress: 30 };
const start = new Date('2026-11-28T10:00:00.000Z');
const secondsOn = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('trying discount codes', () => {
  it('is limited per person: the eleventh try in ten minutes waits for the window to end', async () => {
    const tries = [];
    for (let second = 0; second < 11; second += 1) {
      tries.push(
        await consumeCodeAttempt(
          handle.db,
          // A new address each time: the person's own limit holds wherever they are.
          { userId: 'guesser', address: `10.0.0.${second}` },
          limits,
          secondsOn(second),
        ),
      );
    }
    expect(tries.map((attempt) => attempt.allowed)).toEqual([...Array(10).fill(true), false]);
    expect(tries[10]!.retryAfterSeconds).toBe(590);
    const later = await consumeCodeAttempt(
      handle.db,
      { userId: 'guesser', address: '10.0.0.1' },
      limits,
      secondsOn(601),
    );
    expect(later.allowed).toBe(true);
  });

  it('is limited per address, whoever signs in behind it', async () => {
    const tries = [];
    for (let person = 0; person < 31; person += 1) {
      tries.push(
        await consumeCodeAttempt(
          handle.db,
          { userId: `person-${person}`, address: '192.0.2.7' },
          limits,
          secondsOn(person),
        ),
      );
    }
    expect(tries.filter((attempt) => attempt.allowed)).toHaveLength(30);
    expect(tries[30]).toEqual({ allowed: false, retryAfterSeconds: 570 });
    // Another address is not held back by this one.
    expect(
      (
        await consumeCodeAttempt(
          handle.db,
          { userId: 'person-0', address: '198.51.100.1' },
          limits,
          secondsOn(40),
        )
      ).allowed,
    ).toBe(true);
  });
});
