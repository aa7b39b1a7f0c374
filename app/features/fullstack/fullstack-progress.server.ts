import type { Kysely } from 'kysely';
import { FULLSTACK_STEPS, type FullstackStepSlug } from '~/content/fullstack-steps';
import type { Database } from '~/db/schema';

/**
 * A FullStack step's row in `step_completions` is `fsd/{slug}`: the FullStack track has a
 * `home` and a `conclusion` of its own, and the FrontEnd counts (menu, mentor roster, admin
 * progress filter, certificate) read only their own slugs.
 */
const KEY_PREFIX = 'fsd/';

export const fullstackStepKey = (slug: FullstackStepSlug) => `${KEY_PREFIX}${slug}`;

/** The FullStack steps a student marked complete, in the track's order. */
export async function completedFullstackSteps(
  db: Kysely<Database>,
  userId: string,
): Promise<FullstackStepSlug[]> {
  const rows = await db
    .selectFrom('step_completions')
    .select('step')
    .where('user_id', '=', userId)
    .where('step', 'like', `${KEY_PREFIX}%`)
    .execute();
  const done = new Set(rows.map((row) => row.step.slice(KEY_PREFIX.length)));
  return FULLSTACK_STEPS.filter((step) => done.has(step.slug)).map((step) => step.slug);
}
