import type { StepContent, StepSection } from '~/content/course-content.types';

/** A section as a step page receives it: its heading, and its material already rendered. */
export interface RenderedSection {
  kind: StepSection['kind'];
  heading: string;
  /** Names the section's HTML among the document's fragments (`~/lib/page-fragments`). */
  fragment: string;
  /** The section's HTML: sent in a data request's answer, never in a document's. */
  html?: string;
}

/** A step's content as its page receives it (step-content.server.tsx). */
export type RenderedStepContent = Pick<StepContent, 'heading' | 'intro' | 'duration'> & {
  sections: RenderedSection[];
};
