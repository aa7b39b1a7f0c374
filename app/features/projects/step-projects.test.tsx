import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FRONTEND_PROJECTS } from '~/content/projects';
import type { FormErrors } from '~/ui/form';
import { StepProjects } from './step-projects';
import type { SubmissionRecord } from './submissions.server';

const project = FRONTEND_PROJECTS[0];

function render(submissions: SubmissionRecord[], errors?: FormErrors): string {
  const router = createMemoryRouter(
    [
      {
        path: '/fed/:step',
        Component: () => (
          <StepProjects projects={[project]} submissions={submissions} signedIn errors={errors} />
        ),
      },
    ],
    { initialEntries: [`/fed/${project.step}`] },
  );
  // React marks where one piece of text ends and the next begins: not what a reader sees.
  return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '');
}

const revisionOne: SubmissionRecord = {
  id: 's1',
  projectId: project.id,
  projectTitle: project.title,
  revision: 1,
  repositoryUrl: 'https://github.com/ada/profile',
  liveUrl: 'https://ada.example.org/',
  note: 'My first page.',
  status: 'changes-requested',
  submittedAt: '2026-11-20T10:00:00.000Z',
  review: {
    verdict: 'changes-requested',
    feedback: 'Add alt text to the photo.',
    reviewerName: 'Ike Mentor',
    reviewedAt: '2026-11-21T10:00:00.000Z',
  },
};

describe('the Submit your project form', () => {
  it('starts empty for a first revision', () => {
    const html = render([]);
    expect(html).toMatch(/<input[^>]*name="repositoryUrl"[^>]*value=""/);
    expect(html).toMatch(/<input[^>]*name="liveUrl"[^>]*value=""/);
  });

  it('starts revision 2 from revision 1’s links and note', () => {
    const html = render([revisionOne]);
    expect(html).toContain('Send revision 2');
    expect(html).toMatch(
      /<input[^>]*name="repositoryUrl"[^>]*value="https:\/\/github.com\/ada\/profile"/,
    );
    expect(html).toMatch(/<input[^>]*name="liveUrl"[^>]*value="https:\/\/ada.example.org\/"/);
    expect(html).toMatch(/<textarea[^>]*name="note"[^>]*>My first page.<\/textarea>/);
  });

  it('keeps what a refused form sent over the last revision', () => {
    const html = render([revisionOne], {
      fieldErrors: { repositoryUrl: 'Enter the link to your repository' },
      values: { projectId: project.id, repositoryUrl: 'http://github.com/ada/v2', liveUrl: '' },
    });
    expect(html).toMatch(
      /<input[^>]*name="repositoryUrl"[^>]*value="http:\/\/github.com\/ada\/v2"/,
    );
    expect(html).toMatch(/<input[^>]*name="liveUrl"[^>]*value=""/);
  });
});
