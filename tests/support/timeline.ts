import { buildTimeline, type TimelineSources } from '../../app/features/admin/user-timeline';

/**
 * A person's history built from the sources a test names; every other source is empty, so
 * a test states only what it is about.
 */
export function timelineOf(sources: Partial<TimelineSources> & Pick<TimelineSources, 'user'>) {
  return buildTimeline({
    changes: [],
    emails: [],
    purchases: { enrolments: [], payments: [] },
    invitations: [],
    transfers: [],
    ...sources,
  });
}
