import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/support/test-database';
import { consumeCodeAttempt } from './code-attempts.server';

const handle = useTestDatabase();
const limits = { perPerson: 10, perAddress: 30 };
const start = new Date('2026-11-28T10:00:00.000Z');
const secondsOn = (seconds: number) => new Date(start.getTime() + seconds * 1000);

/** One try a second from `start`, by whom `who` names for each. */
async function tries(count: number, who: (index: number) => { userId: string; address: string }) {
  const answers = [];
  for (let index = 0; index < count; index += 1) {
    answers.push(await consumeCodeAttempt(handle.db, who(index), limits, secondsOn(index)));
  }
  return answers;
}

describe('trying discount codes', () => {
  it('is limited per person: the eleventh try in ten minutes waits for the window to end', async () => {
    // A new address each time: the person's own limit holds wherever they are.
    const answers = await tries(11, (index) => ({ userId: 'guesser', address: `10.0.0.${index}` }));
    expect(answers.map((attempt) => attempt.allowed)).toEqual([...Array(10).fill(true), false]);
    expect(answers[10]!.retryAfterSeconds).toBe(590);
    const later = await consumeCodeAttempt(
      handle.db,
      { userId: 'guesser', address: '10.0.0.1' },
      limits,
      secondsOn(601),
    );
    expect(later.allowed).toBe(true);
  });

  it('is limited per address, whoever signs in behind it', async () => {
    const answers = await tries(31, (index) => ({
      userId: `person-${index}`,
      address: '192.0.2.7',
    }));
    expect(answers.filter((attempt) => attempt.allowed)).toHaveLength(30);
    expect(answers[30]).toEqual({ allowed: false, retryAfterSeconds: 570 });
    // Another address is not held back by this one.
    const elsewhere = { userId: 'person-0', address: '198.51.100.1' };
    expect((await consumeCodeAttempt(handle.db, elsewhere, limits, secondsOn(40))).allowed).toBe(
      true,
    );
  });
});
