import { isPrerendering, requireServerContext, type RequestContext } from '~/load-context';
import { SERVE_TIME_SLOTS } from '~/lib/serve-time-slots';
import { nextCohortSentenceFor } from './cohorts.server';
import { utcDay } from '~/lib/days';

/**
 * The home and enrol pages' "Next cohort starts …": a slot when prerendered (the server
 * fills it when it serves the page), the sentence itself when rendered for a request.
 */
export async function readNextCohortSentence(context: Partial<RequestContext>): Promise<string> {
  if (isPrerendering(context)) return SERVE_TIME_SLOTS.nextCohort;
  const { db } = requireServerContext(context);
  return nextCohortSentenceFor(db, utcDay());
}
