import { renderToStaticMarkup } from 'react-dom/server';
import type { StepContent } from '~/content/course-content.types';
import type { RenderedStepContent } from './rendered-step-content';
import { SectionBody } from './step-view';

/**
 * At most this many steps' rendered sections are kept: the two tracks' steps and their
 * variants (the conclusion with its lecture scheduled) fit, so in use nothing is evicted;
 * the bound only keeps a mistake in the keys from growing the memory.
 */
const CACHE_LIMIT = 32;
const renderedSections = new Map<string, readonly string[]>();

/**
 * A step's content as its page sends it, with each section's material rendered once per
 * step and content version (decision 054): it is the same for every reader who may see the
 * step, while what is personal (the menu, progress, projects, quiz standing) is rendered
 * per request around it. The content lives in code, so a version is a build; `key` names
 * the step and its variant (`frontend/conclusion/lecture-scheduled`).
 *
 * Call it only after the guard has let the viewer read the step: the cache holds protected
 * material, and what it returns goes to the reader. For a document (`fragments` given) the
 * HTML goes to the render through the request's fragments and not into the loader's data;
 * a data request (client-side navigation) gets it in the data.
 */
export function renderStepContent(
  key: string,
  content: Omit<StepContent, 'slug'>,
  fragments: Map<string, string> | undefined,
): RenderedStepContent {
  let bodies = renderedSections.get(key);
  if (!bodies) {
    bodies = content.sections.map((section) =>
      renderToStaticMarkup(<SectionBody section={section} />),
    );
    if (renderedSections.size >= CACHE_LIMIT) {
      renderedSections.delete(renderedSections.keys().next().value!);
    }
    renderedSections.set(key, bodies);
  }
  return {
    heading: content.heading,
    intro: content.intro,
    duration: content.duration,
    sections: content.sections.map((section, index) => {
      const fragment = `${key}#${index}`;
      const rendered = { kind: section.kind, heading: section.heading, fragment };
      if (!fragments) return { ...rendered, html: bodies[index] };
      fragments.set(fragment, bodies[index]!);
      return rendered;
    }),
  };
}
