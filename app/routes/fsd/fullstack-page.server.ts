import { FULLSTACK_CONTENT } from '~/content/fullstack-content.server';
import { fullstackNeighbours, type FullstackStep } from '~/content/fullstack-steps';
import { requireFullstack } from '~/features/auth/guards.server';
import { renderStepContent } from '~/features/courses/step-content.server';
import { requireServerContext, type RequestContext } from '~/load-context';

/**
 * What the FullStack course home and its step pages both start from (`home.tsx`,
 * `step.tsx`): the reader, guarded before any content is read, so a denied page and its
 * `.data` carry none of it; then the step, its content and its neighbours.
 */
export async function openFullstackPage(context: Partial<RequestContext>, step: FullstackStep) {
  const viewer = await requireFullstack(context);
  const ctx = requireServerContext(context);
  return {
    viewer,
    ctx,
    page: {
      step,
      // Read from the cache only now that the guard above has let this reader in.
      content: renderStepContent(
        `fullstack/${step.slug}`,
        FULLSTACK_CONTENT[step.slug],
        context.pageFragments,
      ),
      ...fullstackNeighbours(step.slug),
    },
  };
}
