import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FullstackTrack } from './fullstack-grant-form';
import { FullstackTrackSection } from './fullstack-track-section';

function render(track: FullstackTrack, confirmingRevoke = false): string {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/user-details/:id',
        Component: () => (
          <FullstackTrackSection track={track} confirmingRevoke={confirmingRevoke} />
        ),
      },
    ],
    { initialEntries: ['/admin/user-details/u1'] },
  );
  // React marks where one piece of text ends and the next begins: not what a reader sees.
  return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '');
}

const granted: FullstackTrack = {
  open: true,
  source: 'admin',
  grantedByName: 'Ada Admin',
  since: '2026-11-25T09:00:00.000Z',
};

describe('the FullStack track on the user page', () => {
  it('offers to revoke an admin’s grant, asking first, then with a required reason', () => {
    const asking = render(granted);
    expect(asking).toContain('through a grant by Ada Admin');
    expect(asking).toContain('href="/admin/user-details/u1?revoke-fullstack=confirm"');
    expect(asking).not.toContain('name="reason"');

    const confirming = render(granted, true);
    expect(confirming).toContain('Revoke the FullStack track?');
    expect(confirming).toMatch(
      /<textarea id="revoke-fullstack-reason" name="reason"[^>]* required=""/,
    );
    expect(confirming).toContain('value="revoke-fullstack"');
    expect(confirming).toContain('Yes, revoke the FullStack track');
    expect(confirming).toContain('Keep it');
  });

  it('offers no revocation for a track that was paid for', () => {
    const html = render({ ...granted, source: 'payment', grantedByName: null }, true);
    expect(html).toContain('through a card payment');
    expect(html).not.toContain('revoke');
  });
});
