/**
 * The FullStack area's steps (decision 047) as its menu shows them. Public: only labels and
 * order. What a step contains lives in `fullstack-content.server.ts`, which never reaches the
 * browser: every FullStack step is for FullStack students and admins only.
 */
export const FULLSTACK_STEP_SLUGS = [
  'home',
  'node',
  'express',
  'mongodb',
  'authentication',
  'fullstack-project',
  'deployment',
  'conclusion',
] as const;

export type FullstackStepSlug = (typeof FULLSTACK_STEP_SLUGS)[number];

export interface FullstackStep {
  slug: FullstackStepSlug;
  /** The label in the side menu and the page title. */
  label: string;
  /** The step's number in the FullStack track; the introduction has none. */
  number?: number;
}

export const FULLSTACK_STEPS: readonly FullstackStep[] = [
  { slug: 'home', label: 'Introduction' },
  { slug: 'node', label: 'Node.js', number: 1 },
  { slug: 'express', label: 'Express', number: 2 },
  { slug: 'mongodb', label: 'MongoDB', number: 3 },
  { slug: 'authentication', label: 'Authentication and security', number: 4 },
  { slug: 'fullstack-project', label: 'Full-stack project', number: 5 },
  { slug: 'deployment', label: 'Deployment', number: 6 },
  { slug: 'conclusion', label: 'Conclusion', number: 7 },
];

export function findFullstackStep(slug: string | undefined): FullstackStep | undefined {
  return FULLSTACK_STEPS.find((step) => step.slug === slug);
}

/** The FullStack steps a student completes, Step 1 (Node.js) to Step 7 (conclusion). */
export const FULLSTACK_NUMBERED_STEPS = FULLSTACK_STEPS.filter((step) => step.number !== undefined);

/** The steps around one, in the menu's order, for previous/next links. */
export function fullstackNeighbours(slug: FullstackStepSlug): {
  previous?: FullstackStep;
  next?: FullstackStep;
} {
  const index = FULLSTACK_STEPS.findIndex((step) => step.slug === slug);
  return { previous: FULLSTACK_STEPS[index - 1], next: FULLSTACK_STEPS[index + 1] };
}
