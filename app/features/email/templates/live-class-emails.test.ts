import { describe, expect, it } from 'vitest';
import { reminderSubject, type ReminderPayload } from './live-class-emails';

/** A 24-hour reminder of a class at `startsAt`, queued at `remindedAt`, in `timeZone`. */
function reminder(
  startsAt: string,
  remindedAt: string | undefined,
  timeZone = 'Africa/Lagos',
): ReminderPayload {
  return {
    name: 'Ada',
    cohortName: 'Cohort 1',
    timeZone,
    lead: '24h',
    unsubscribeToken: 'x'.repeat(32),
    remindedAt,
    session: {
      id: 's1',
      title: 'State and effects',
      description: '',
      starts_at: startsAt,
      duration_minutes: 60,
      status: 'scheduled',
      sequence: 0,
      updated_at: '2026-11-20T10:00:00.000Z',
    },
  };
}

describe("the 24-hour reminder's day, in the academy's zone", () => {
  // 18:00 in Lagos (UTC+1) on Tuesday 1 December.
  const evening = '2026-12-01T17:00:00.000Z';

  it('says Today for a class later the same day, though it is still the day before in UTC', () => {
    // 00:00 in Lagos on 1 December, 23:00 on 30 November in UTC.
    expect(reminderSubject(reminder(evening, '2026-11-30T23:00:00.000Z'))).toBe(
      'Today: State and effects, Tue, 1 Dec 2026, 18:00 GMT+1',
    );
  });

  it('says Tomorrow a minute before midnight in the academy’s zone', () => {
    expect(reminderSubject(reminder(evening, '2026-11-30T22:59:00.000Z'))).toBe(
      'Tomorrow: State and effects, Tue, 1 Dec 2026, 18:00 GMT+1',
    );
  });

  it('names the weekday and date when the class is two days on (a 23-hour day) or the time is unknown', () => {
    // New York springs forward on 8 March 2026: 23:30 on the 7th to 00:30 on the 9th is 24 hours.
    expect(
      reminderSubject(
        reminder('2026-03-09T04:30:00.000Z', '2026-03-08T04:30:00.000Z', 'America/New_York'),
      ),
    ).toBe('Monday 9 March: State and effects, Mon, 9 Mar 2026, 00:30 GMT-4');
    // A reminder queued before the payload carried its time.
    expect(reminderSubject(reminder(evening, undefined))).toBe(
      'Tuesday 1 December: State and effects, Tue, 1 Dec 2026, 18:00 GMT+1',
    );
  });
});
