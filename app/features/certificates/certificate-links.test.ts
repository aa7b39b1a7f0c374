import { describe, expect, it } from 'vitest';
import { renderEmail } from '~/features/email/email-renderer.server';
import {
  certificateListingPath,
  certificatePrintPath,
  courseNameOf,
  formatCertificateDate,
  linkedInAddToProfileUrl,
  linkedInShareUrl,
} from './certificate-links';

const ORIGIN = 'https://academy.example';

describe('certificate links', () => {
  it("LinkedIn's add-to-profile link carries the course, the academy, the month, the address and the id", () => {
    const url = new URL(
      linkedInAddToProfileUrl({
        id: 'AbC-123_xyz',
        courseName: 'FrontEnd Developer Bootcamp',
        issuedAt: '2026-12-31T23:30:00.000Z',
        origin: ORIGIN,
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'FrontEnd Developer Bootcamp',
      organizationName: 'Frontier Dev Academy',
      issueYear: '2026',
      issueMonth: '12',
      certUrl: `${ORIGIN}/certificates/AbC-123_xyz`,
      certId: 'AbC-123_xyz',
    });
    expect(new URL(linkedInShareUrl(`${ORIGIN}/certificates/x`)).searchParams.get('url')).toBe(
      `${ORIGIN}/certificates/x`,
    );
  });

  it('paths, course names and dates', () => {
    expect(certificatePrintPath('a b')).toBe('/certificates/a%20b?print=1');
    expect(certificateListingPath('abc')).toBe('/certificates/abc/listing');
    expect(courseNameOf('frontend')).toBe('FrontEnd Developer Bootcamp');
    expect(courseNameOf('fullstack')).toBe('FullStack Developer Bootcamp');
    expect(courseNameOf('other')).toBe('FrontEnd Developer Bootcamp');
    expect(formatCertificateDate('2026-11-22T23:59:00.000Z')).toBe('22 November 2026');
  });

  it('the e-mail links to the certificate and its credential and mentions LinkedIn, in HTML and in text', () => {
    const email = renderEmail(
      'certificate-issued',
      {
        name: 'Ada Obi',
        certificateId: 'AbC-123_xyz',
        courseName: 'FrontEnd Developer Bootcamp',
        cohortName: 'Cohort 1',
      },
      ORIGIN,
    );
    expect(email.subject).toBe('Your certificate of completion is ready');
    expect(email.html).toContain(`href="${ORIGIN}/certificates/AbC-123_xyz"`);
    expect(email.text).toContain(`View your certificate: ${ORIGIN}/certificates/AbC-123_xyz`);
    expect(email.text).toContain('FrontEnd Developer Bootcamp with your cohort, Cohort 1.');
    expect(email.html).toContain(`href="${ORIGIN}/certificates/AbC-123_xyz/credential"`);
    expect(email.text).toContain(
      `download your credential (${ORIGIN}/certificates/AbC-123_xyz/credential)`,
    );
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Open Badges 3.0');
      expect(part).toContain('Add to LinkedIn profile');
    }
  });
});
