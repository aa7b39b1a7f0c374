import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RootData } from '~/root-data';
import type { StudentCertificate } from './student-certificate.server';
import { YourCertificate } from './your-certificate';

const ORIGIN = 'https://academy.example';

function render(certificate: StudentCertificate | null): string {
  const rootData: RootData = { viewer: null, flash: null, origin: ORIGIN, year: '2026' };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => rootData,
        children: [
          { path: 'fed/home', Component: () => <YourCertificate certificate={certificate} /> },
        ],
      },
    ],
    { initialEntries: ['/fed/home'], hydrationData: { loaderData: { root: rootData } } },
  );
  return renderToString(<RouterProvider router={router} />);
}

const valid: StudentCertificate = {
  id: 'AbC-123_xyz',
  name: 'Ada Obi',
  courseName: 'FrontEnd Developer Bootcamp',
  cohortName: 'Cohort 1',
  issuedAt: '2026-11-22T10:00:00.000Z',
  listed: false,
  revokedAt: null,
  revokedReason: null,
};

describe('Your certificate', () => {
  it('links to view, print, the credential and LinkedIn, and offers the search-engine choice (off by default)', () => {
    const html = render(valid);
    expect(html).toContain('>Your certificate</h2>');
    expect(html).toContain('href="/certificates/AbC-123_xyz"');
    expect(html).toContain('href="/certificates/AbC-123_xyz?print=1"');
    expect(html).toContain('href="/certificates/AbC-123_xyz/credential" download=""');
    expect(html).toContain('Download your credential');
    expect(html).toMatch(
      /href="https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&amp;[^"]*certUrl=https%3A%2F%2Facademy\.example%2Fcertificates%2FAbC-123_xyz[^"]*" target="_blank" rel="noopener noreferrer"/,
    );
    expect(html).toContain('action="/certificates/AbC-123_xyz/listing"');
    expect(html).toContain('name="returnTo" value="/fed/home"');
    expect(html).toContain('Let search engines list my certificate');
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
    expect(render({ ...valid, listed: true })).toMatch(/type="checkbox"[^>]*checked/);
  });

  it('says when it was revoked and why, without links to share it; nothing when there is none', () => {
    const html = render({
      ...valid,
      revokedAt: '2026-12-01T10:00:00.000Z',
      revokedReason: 'Issued to the wrong person.',
    });
    expect(html).toContain('was revoked on');
    expect(html).toContain('1 December 2026');
    expect(html).toContain('Reason: Issued to the wrong person.');
    expect(html).not.toContain('linkedin.com');
    expect(html).not.toContain('/credential');
    expect(html).not.toContain('/listing');
    expect(render(null)).not.toContain('Your certificate');
  });
});
