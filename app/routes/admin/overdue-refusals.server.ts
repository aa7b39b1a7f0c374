import type { OverdueChangeRefusal } from '~/features/enrolment/overdue.server';
import type { RefusalAnswers } from '~/lib/refusal.server';

/** How the Overdue view answers a refused extension or waiver, under the row's form (decision 079). */
export const OVERDUE_REFUSALS: RefusalAnswers<OverdueChangeRefusal, 'days'> = {
  notOverdue: { status: 409, message: 'This enrolment is no longer overdue.' },
  noGracePeriod: {
    status: 409,
    message:
      'Access never pauses here (OVERDUE_GRACE_DAYS is 0): there is no grace period to extend.',
    field: 'days',
  },
};
