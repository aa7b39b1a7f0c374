import { useLiveCollections } from '~/features/admin/use-live-collection';

const SUBMISSIONS = ['submissions'] as const;

/**
 * Keeps a reviewer's pages in step with their queue: a project sent or reviewed in one of
 * their cohorts re-runs the loaders, so the header's Mentor count and the Reviews list
 * change without a reload. The person's own stream (`/events`) carries it.
 */
export function FollowReviews() {
  useLiveCollections(SUBMISSIONS, '/events');
  return null;
}
