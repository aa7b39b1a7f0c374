import { describe, expect, it } from 'vitest';
import { EmailTemplateError, renderEmail } from './email-renderer.server';

const ORIGIN = 'https://academy.example';

describe('renderEmail', () => {
  it('renders the welcome e-mail as HTML and as text, with links to the site', () => {
    const email = renderEmail('welcome', { name: 'Ada' }, ORIGIN);
    expect(email.subject).toBe('Welcome to Frontier Dev Academy');
    expect(email.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(email.html).toContain('Welcome, Ada');
    expect(email.html).toContain(`href="${ORIGIN}/fed/home"`);
    expect(email.html).toContain(`href="${ORIGIN}/enroll"`);
    expect(email.html).toContain('hello@frontierdevacademy.com');
    expect(email.text).toContain('Welcome, Ada\n===');
    expect(email.text).toContain(`Start the course: ${ORIGIN}/fed/home`);
    expect(email.text).toContain(`Compare the plans (${ORIGIN}/enroll)`);
    expect(email.text).toContain('within 24 hours');
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('escapes a name in the HTML and keeps it as written in the text', () => {
    const email = renderEmail('welcome', { name: '<img src=x onerror=alert(1)> & "Co"' }, ORIGIN);
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; ');
    expect(email.text).toContain('Welcome, <img src=x onerror=alert(1)> & "Co"');
  });

  it('refuses an unknown template or a payload the template does not accept', () => {
    expect(() => renderEmail('invoice', {}, ORIGIN)).toThrow(EmailTemplateError);
    expect(() => renderEmail('welcome', { name: '' }, ORIGIN)).toThrow(EmailTemplateError);
    expect(() => renderEmail('welcome', null, ORIGIN)).toThrow(/welcome/);
  });
});
