import type { Access } from '~/db/schema';

/**
 * Whether a person reads the FullStack area (DESIGN §13): an active FullStack
 * enrolment (a payment, an approved transfer, an invitation or an admin's grant of a
 * FullStack plan) held with access level-1, an admin, or a mentor of any cohort (a mentor
 * reads every course step to review its projects). `users.access` alone never opens it:
 * level-1 is the FrontEnd track. Access `none` closes every track, the FullStack one too
 * (decision 063): an admin's Update User Status to none locks the whole course.
 */
export function readsFullstack(person: {
  access: Access;
  mentorsACohort: boolean;
  enrolledInFullstack: boolean;
}): boolean {
  if (person.access === 'admin' || person.mentorsACohort) return true;
  return person.access === 'level-1' && person.enrolledInFullstack;
}
