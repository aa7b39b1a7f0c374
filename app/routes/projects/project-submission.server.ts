import { data } from 'react-router';
import { projectPagePath, projectsOfStep, type ProjectTrack } from '~/content/projects';
import type { SignedInViewer } from '~/features/auth/guards.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseFields, refuseForm } from '~/lib/form.server';
import type { RequestContext } from '~/load-context';
import { PROJECT_MESSAGES, submitProjectSchema } from '~/features/projects/project-forms';
import { submitProject } from '~/features/projects/submissions.server';

/**
 * The Submit your project form of a step page, `/fed/{step}` or `/fsd/{step}`: both areas'
 * route modules answer it here once their own guard let `viewer` through. It is their HTTP
 * (the form, the redirect, the statuses), so it lives beside them, not in the feature
 * (decision 077). The project must be one of this step's; the domain asks again whether
 * its step is open to them.
 */
export async function answerProjectSubmission(
  sent: FormData,
  context: RequestContext,
  viewer: SignedInViewer,
  page: { track: ProjectTrack; step: string },
) {
  const form = parseFields(sent, submitProjectSchema);
  if (!form.ok) return refuseForm(form.errors);
  const { projectId, repositoryUrl, liveUrl, note } = form.data;
  const values = { projectId, repositoryUrl, liveUrl: liveUrl ?? '', note };
  const project = projectsOfStep(page.track, page.step).find(({ id }) => id === projectId);
  if (!project) throw data(PROJECT_MESSAGES.project, { status: 404 });
  const result = await submitProject(context.db, {
    userId: viewer.id,
    projectId,
    repositoryUrl,
    liveUrl,
    note,
  });
  switch (result.outcome) {
    case 'submitted':
      // The mentors' waiting counts follow it live.
      context.changeEvents.publish({ collection: 'submissions', id: viewer.id });
      context.log.info(
        {
          event: 'project-submitted',
          projectId,
          revision: result.submission.revision,
          userId: viewer.id,
        },
        'audit',
      );
      return redirectWithFlash(context, `${projectPagePath(project)}#project-${projectId}`, {
        type: 'success',
        message: PROJECT_MESSAGES.submitted(result.submission.revision),
      });
    case 'waiting':
      return refuseForm({ formError: PROJECT_MESSAGES.waiting, fieldErrors: {}, values }, 409);
    case 'approved-already':
      return refuseForm(
        { formError: PROJECT_MESSAGES.approvedAlready, fieldErrors: {}, values },
        409,
      );
    case 'unknown-project':
      throw data(PROJECT_MESSAGES.project, { status: 404 });
    case 'step-closed':
      throw data(PROJECT_MESSAGES.stepClosed, { status: 403 });
  }
}
