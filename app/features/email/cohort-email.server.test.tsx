import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-renderer.server';

describe('the "Your cohort" e-mail', () => {
  it('names the cohort, its start and its schedule, with the way to the course', () => {
    const email = renderEmail(
      'cohort-placed',
      {
        name: 'Ada',
        cohortName: 'March 2027 Evening',
        startDate: '9 March 2027',
        schedule: 'Tue and Thu, 7–9 pm WAT',
      },
      'https://academy.example',
    );
    expect(email.text).toContain(
      'you are in the cohort March 2027 Evening, which starts on 9 March 2027',
    );
    expect(email.text).toContain('Its live classes: Tue and Thu, 7–9 pm WAT.');
    expect(email.html).toContain('https://academy.example/fed/home');
  });
});
