import { describe, expect, it } from 'vitest';
import { renderEmail } from '../email-renderer.server';

describe('the access-removed e-mail', () => {
  it('tells the student which enrolment lost its access, and why, in HTML and text', () => {
    const email = renderEmail(
      'access-removed',
      { name: 'Kemi', planName: 'FrontEnd Bootcamp Upfront', reason: 'Chargeback <opened>' },
      'https://academy.example',
    );
    expect(email.subject).toBe('Your access to the course was changed');
    expect(email.text).toContain('Hi Kemi');
    expect(email.text).toContain('FrontEnd Bootcamp Upfront enrolment');
    expect(email.text).toContain('The reason: Chargeback <opened>');
    expect(email.html).toContain('The reason: Chargeback &lt;opened&gt;');
  });
});

describe('the FullStack revocation e-mail', () => {
  it('says the granted FullStack track is closed, and why', () => {
    const email = renderEmail(
      'access-removed',
      {
        name: 'Kemi',
        planName: 'FullStack track (granted)',
        reason: 'Granted to the wrong account',
        track: 'fullstack',
      },
      'https://academy.example',
    );
    expect(email.subject).toBe('Your access to the course was changed');
    expect(email.text).toContain('revoked the FullStack track that was granted to you');
    expect(email.text).not.toContain('FrontEnd');
    expect(email.text).toContain('The reason: Granted to the wrong account');
  });
});
