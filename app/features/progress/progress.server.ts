import type { Kysely } from 'kysely';
import { nowTimestamp, type Database } from '~/db/schema';
import type { RequestContext } from '~/load-context';
import { NUMBERED_STEPS } from './progress';

/** A student's completed steps: the step's slug and when it was marked. */
export async function listCompletedSteps(
  db: Kysely<Database>,
  userId: string,
): Promise<{ step: string; completed_at: string }[]> {
  const rows = await db
    .selectFrom('step_completions')
    .select(['step', 'completed_at'])
    .where('user_id', '=', userId)
    .execute();
  const order = new Map(NUMBERED_STEPS.map((step, index) => [step.slug as string, index]));
  return rows
    .filter((row) => order.has(row.step))
    .sort((a, b) => order.get(a.step)! - order.get(b.step)!);
}

const completedThisRequest = new WeakMap<RequestContext, ReturnType<typeof listCompletedSteps>>();

/**
 * The signed-in reader's completed steps, read once per request: the area's menu (its
 * layout's loader) and the step page's own loader both show them, and run side by side.
 * Only a page's loaders read it, after any action of the same request has written.
 */
export function readersCompletedSteps(
  context: RequestContext,
  userId: string,
): ReturnType<typeof listCompletedSteps> {
  let rows = completedThisRequest.get(context);
  if (!rows) {
    rows = listCompletedSteps(context.db, userId);
    completedThisRequest.set(context, rows);
  }
  return rows;
}

/** Marks a step complete (once: marking again keeps the first time) or not complete. */
export async function markStep(
  db: Kysely<Database>,
  userId: string,
  step: string,
  complete: boolean,
  now: Date = new Date(),
): Promise<void> {
  if (complete) {
    await db
      .insertInto('step_completions')
      .values({ user_id: userId, step, completed_at: nowTimestamp(now) })
      .onConflict((conflict) => conflict.columns(['user_id', 'step']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('step_completions')
      .where('user_id', '=', userId)
      .where('step', '=', step)
      .execute();
  }
}
