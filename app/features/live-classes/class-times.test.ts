import { describe, expect, it } from 'vitest';
import { countdownTo, formatJoinOpens, joinOpensAt, joinWindow } from './class-times';

const STARTS = '2027-01-19T18:00:00.000Z';

describe('the join window', () => {
  it('opens 15 minutes before the start, in the viewer’s zone', () => {
    expect(new Date(joinOpensAt(STARTS)).toISOString()).toBe('2027-01-19T17:45:00.000Z');
    expect(formatJoinOpens(STARTS, 'UTC')).toBe('Opens Tue 19 Jan, 17:45');
    expect(formatJoinOpens(STARTS, 'Africa/Lagos')).toBe('Opens Tue 19 Jan, 18:45');
  });

  it('is not yet open one second before, and open at the instant', () => {
    const session = { starts_at: STARTS, duration_minutes: 60, status: 'scheduled' };
    expect(joinWindow(session, new Date(joinOpensAt(STARTS) - 1000))).toBe('not-yet');
    expect(joinWindow(session, new Date(joinOpensAt(STARTS)))).toBe('open');
  });

  it('counts down in days and hours, then minutes, then minutes and seconds', () => {
    const opens = joinOpensAt(STARTS);
    const before = (ms: number) => countdownTo(opens, opens - ms);
    expect(before((2 * 24 + 3) * 3_600_000)).toBe('2 days 3 hours');
    expect(before(24 * 3_600_000)).toBe('1 day');
    expect(before(3_600_000 + 5 * 60_000)).toBe('1 hour 5 minutes');
    expect(before(4 * 60_000 + 9_000)).toBe('4:09');
    expect(before(500)).toBe('0:01');
    expect(countdownTo(opens, opens + 5000)).toBe('0:00');
  });
});
