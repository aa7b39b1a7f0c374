import { COURSE_STEPS, type CourseStep, type StepSlug } from '~/content/course-steps';

/** The steps a student completes, Step 1 (roadmap) to Step 8 (conclusion). */
export const NUMBERED_STEPS: readonly CourseStep[] = COURSE_STEPS.filter(
  (step) => step.number !== undefined,
);

/** The buttons of a numbered step's progress form: "Mark as complete" and its undo. */
export const STEP_PROGRESS_INTENTS = { complete: 'complete', uncomplete: 'uncomplete' } as const;

export function isNumberedStep(slug: string): slug is StepSlug {
  return NUMBERED_STEPS.some((step) => step.slug === slug);
}

export interface ProgressSummary {
  done: number;
  total: number;
  /** The first numbered step not completed yet; undefined once every one is. */
  next?: { slug: string; label: string; number?: number };
}

/** How far a reader is through an area's numbered `steps`, from the slugs they completed. */
export function summarizeProgress(
  completed: ReadonlySet<string>,
  steps: readonly { slug: string; label: string; number?: number }[] = NUMBERED_STEPS,
): ProgressSummary {
  const done = steps.filter((step) => completed.has(step.slug)).length;
  return {
    done,
    total: steps.length,
    next: steps.find((step) => !completed.has(step.slug)),
  };
}
