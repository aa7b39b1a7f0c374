import { useLiveCollections } from '~/features/admin/use-live-collection';

const OWN_RECORD = ['users'] as const;

/**
 * Keeps a signed-in person's open page in step with their own record: an admin approving
 * their transfer, or changing their access or cohort, shows without a reload.
 */
export function FollowOwnChanges() {
  useLiveCollections(OWN_RECORD, '/events');
  return null;
}
