/**
 * The phone layout pass (issue 43): every page of `app/routes.ts`, in every role that can see
 * it, at 375 px with touch. For each: the status it should answer, zero axe violations,
 * nothing wider than the screen and no text cut off at its edge. For each role, once: the
 * header menu opens by touch and closes by keyboard. The flows themselves run on the desktop;
 * the ones that change on a phone carry the `@phone` tag in their own specs.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { FULLSTACK_STEPS } from '../../app/content/fullstack-steps';
import { COURSE_STEPS } from '../../app/content/course-steps';
import { ISSUE_CERTIFICATE_INTENT } from '../../app/features/certificates/certificate-form';
import { addLiveClasses } from '../../app/features/live-classes/live-sessions.server';
import { emailTokenOf } from '../../app/features/live-classes/reminder-preference.server';
import { submitProject } from '../../app/features/projects/submissions.server';
import { insertEnrolment } from '../support/factories';
import { mainMenuLink } from './auth-helpers';
import { member, newCohort } from './cohort-people';
import { readValue, withE2eDatabase } from './e2e-database';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { postForm } from './form-posts';
import { saveFullPageScreenshot } from './screenshots';
import { createAccount, submitTransferAs, useAccount, type TestAccount } from './sessions';
import { E2E_ORIGIN } from '../e2e-origin';

type Role = 'visitor' | 'none' | 'student' | 'fullstack' | 'mentor' | 'admin';
const ROLES: Role[] = ['visitor', 'none', 'student', 'fullstack', 'mentor', 'admin'];

/** The people and the rows whose pages have an id in their path. */
interface Cast {
  accounts: Record<Exclude<Role, 'visitor'>, TestAccount>;
  cohort: string;
  classId: string;
  submissionId: string;
  transferId: string;
  certificateId: string;
  orderId: string;
  emailToken: string;
  mailId: string;
}

/** One page a role opens: its path and the status it answers (200 unless told). */
interface Visit {
  path: string;
  status?: number;
  /** Content that is not the site's own page, for axe to leave out (expectNoAxeViolations). */
  notOurs?: string[];
}

const signedIn: Role[] = ['none', 'student', 'fullstack', 'mentor', 'admin'];
const staff: Role[] = ['mentor', 'admin'];
const FED_OPEN = COURSE_STEPS.filter((step) => !step.studentsOnly).map((step) => step.slug);
const FED_STUDENTS = COURSE_STEPS.filter((step) => step.studentsOnly).map((step) => step.slug);

/**
 * Every page module of `app/routes.ts` but the layouts (each renders with its pages, and its
 * refusal with theirs), and for each role that can see it the paths it opens there. A role
 * left out is refused, which the access tests check; a refusal page a person meets is a page
 * too, so one of each kind is here (403 for a step, the staff areas, a FullStack step).
 */
const PAGES: Record<string, (role: Role, cast: Cast) => Visit[]> = {
  'routes/home.tsx': () => [{ path: '/' }],
  'routes/login.tsx': (role) => (role === 'visitor' ? [{ path: '/login' }] : []),
  'routes/enroll.tsx': () => [{ path: '/enroll' }],
  'routes/success.tsx': () => [{ path: '/success' }],
  'routes/not-found.tsx': () => [{ path: '/no-such-page', status: 404 }],
  'routes/checkout.tsx': () => [{ path: '/checkout?plan=fed-installments' }],
  'routes/dev-pay.tsx': (role, cast) =>
    role === 'none' ? [{ path: `/dev-pay/${cast.orderId}` }] : [],
  // The course home is open to everyone.
  'routes/fed/home.tsx': () => [{ path: '/fed/home' }],
  'routes/fed/step.tsx': (role) => {
    if (role === 'student') {
      return COURSE_STEPS.filter((step) => step.slug !== 'home').map((step) => ({
        path: `/fed/${step.slug}`,
      }));
    }
    if (role === 'visitor') return [{ path: `/fed/${FED_STUDENTS[0]}`, status: 403 }];
    if (role === 'none') {
      return [{ path: `/fed/${FED_OPEN[2]}` }, { path: `/fed/${FED_STUDENTS[0]}`, status: 403 }];
    }
    return [{ path: `/fed/${FED_STUDENTS[2]}` }];
  },
  'routes/fed/quiz.tsx': (role) => {
    if (role === 'student') {
      return ['html-css-quiz', 'javascript-quiz', 'react-quiz'].map((slug) => ({
        path: `/fed/${slug}`,
      }));
    }
    if (role === 'visitor' || role === 'none') return [{ path: '/fed/html-css-quiz' }];
    return [{ path: '/fed/javascript-quiz' }];
  },
  'routes/fed/schedule.tsx': (role) =>
    ['student', 'fullstack', ...staff].includes(role) ? [{ path: '/fed/schedule' }] : [],
  'routes/fsd/home.tsx': (role) =>
    ['fullstack', ...staff].includes(role) ? [{ path: '/fsd/home' }] : [],
  'routes/fsd/step.tsx': (role) => {
    if (role === 'fullstack') {
      return FULLSTACK_STEPS.filter((step) => step.slug !== 'home').map((step) => ({
        path: `/fsd/${step.slug}`,
      }));
    }
    if (staff.includes(role)) return [{ path: '/fsd/node' }];
    return role === 'student' ? [{ path: '/fsd/node', status: 403 }] : [];
  },
  'routes/account/index.tsx': (role) => (signedIn.includes(role) ? [{ path: '/account' }] : []),
  'routes/account/delete.tsx': (role) =>
    signedIn.includes(role) ? [{ path: '/account/delete' }] : [],
  'routes/live-join.tsx': (role, cast) =>
    ['student', ...staff].includes(role) ? [{ path: `/live/${cast.classId}/join` }] : [],
  // Open to anyone with the link (a certificate, an unsubscribe token) or on a loopback
  // origin (the local mailbox).
  'routes/certificate.tsx': (_, cast) => [{ path: `/certificates/${cast.certificateId}` }],
  'routes/unsubscribe.tsx': (_, cast) => [{ path: `/unsubscribe/${cast.emailToken}` }],
  'routes/dev-mail/index.tsx': () => [{ path: '/dev-mail' }],
  'routes/dev-mail/message.tsx': (_, cast) => [
    { path: `/dev-mail/${cast.mailId}`, notOurs: ['iframe[title^="The HTML part"]'] },
  ],
  'routes/admin/home.tsx': (role) => {
    if (role === 'admin') return [{ path: '/admin/home' }];
    return role === 'none' ? [{ path: '/admin/home', status: 403 }] : [];
  },
  'routes/admin/user-details.tsx': (role, cast) =>
    role === 'admin' ? [{ path: `/admin/user-details/${cast.accounts.student.id}` }] : [],
  'routes/admin/payments.tsx': (role) => (role === 'admin' ? [{ path: '/admin/payments' }] : []),
  'routes/admin/transfers.tsx': (role) => (role === 'admin' ? [{ path: '/admin/transfers' }] : []),
  'routes/admin/transfer-details.tsx': (role, cast) =>
    role === 'admin' ? [{ path: `/admin/transfers/${cast.transferId}` }] : [],
  'routes/admin/invitations.tsx': (role) =>
    role === 'admin' ? [{ path: '/admin/invitations' }] : [],
  'routes/admin/cohorts.tsx': (role) => (role === 'admin' ? [{ path: '/admin/cohorts' }] : []),
  'routes/admin/discounts.tsx': (role) => (role === 'admin' ? [{ path: '/admin/discounts' }] : []),
  'routes/admin/settings.tsx': (role) => (role === 'admin' ? [{ path: '/admin/settings' }] : []),
  'routes/mentor/reviews.tsx': (role) => {
    if (staff.includes(role)) return [{ path: '/mentor' }];
    return role === 'student' ? [{ path: '/mentor', status: 403 }] : [];
  },
  'routes/mentor/review.tsx': (role, cast) =>
    staff.includes(role) ? [{ path: `/mentor/reviews/${cast.submissionId}` }] : [],
  'routes/mentor/cohorts.tsx': (role) =>
    staff.includes(role) ? [{ path: '/mentor/cohorts' }] : [],
  'routes/mentor/student.tsx': (role, cast) =>
    staff.includes(role) ? [{ path: `/mentor/students/${cast.accounts.student.id}` }] : [],
  'routes/mentor/classes.tsx': (role) =>
    staff.includes(role) ? [{ path: '/mentor/classes' }] : [],
  'routes/mentor/cohort-classes.tsx': (role, cast) =>
    staff.includes(role) ? [{ path: `/mentor/classes/${cast.cohort}` }] : [],
  'routes/mentor/live-class.tsx': (role, cast) =>
    staff.includes(role) ? [{ path: `/mentor/live/${cast.classId}` }] : [],
};

const DAY = 86_400_000;

/**
 * The cast, made through the product's own functions and forms where it has them (the
 * FullStack enrolment is a factory's row, as a verified payment leaves it): a cohort with a
 * student (a project handed in, a certificate, a class next week), its mentor, a FullStack
 * student, an account without access (a pending order and a bank transfer), and an admin.
 */
async function castOfPeople(): Promise<Cast> {
  const cohort = await newCohort(`Phone pass ${Math.random().toString(36).slice(2, 8)}`);
  const student = await member('level-1', cohort, 'Phone Student');
  const mentor = await member('none', cohort, 'Phone Mentor', { mentor: true });
  const none = await createAccount('none', 'Phone Newcomer');
  const admin = await createAccount('admin', 'Phone Admin');
  const fullstack = await createAccount('level-1', 'Phone FullStack');
  const { transferId } = await submitTransferAs(none);
  const checkout = await postForm('/checkout', none.cookie, { plan: 'fed-installments' });
  const orderId = /\/dev-pay\/(ord-[0-9a-f]+)/.exec(checkout.headers.get('location') ?? '')?.[1];
  if (!orderId) throw new Error(`no local checkout: ${checkout.status}`);
  const rows = await withE2eDatabase(async (db) => {
    await insertEnrolment(db, {
      userId: fullstack.id,
      orderId: null,
      track: 'fullstack',
      planId: 'fsd-upfront',
    });
    const startsAt = new Date(Date.now() + 7 * DAY);
    startsAt.setUTCMinutes(0, 0, 0);
    const classes = await addLiveClasses(
      db,
      cohort,
      {
        title: 'Flexbox on a phone',
        description: 'Layouts that fit a small screen.',
        startsAt,
        durationMinutes: 60,
        joinUrl: 'https://meet.example.org/flexbox',
        step: 'css-framework',
        repeatWeeks: 1,
      },
      { id: admin.id, name: admin.name },
    );
    const submitted = await submitProject(db, {
      userId: student.id,
      projectId: 'personal-profile-page',
      repositoryUrl: 'https://github.com/phone-student/personal-profile-page',
      liveUrl: 'https://phone-student.example.org/',
      note: 'My first page, made to fit a phone.',
    });
    if (submitted.outcome !== 'submitted') throw new Error(submitted.outcome);
    return {
      classId: classes![0]!.id,
      submissionId: submitted.submission.id,
      emailToken: await emailTokenOf(db, student.id),
    };
  });
  // Issued by the admin's form, whose server wakes its outbox worker: the certificate's
  // e-mail reaches the local mailbox within a moment.
  const issued = await postForm(`/admin/user-details/${student.id}`, admin.cookie, {
    intent: ISSUE_CERTIFICATE_INTENT,
    name: student.name,
    note: 'Issued for the phone layout pass.',
  });
  expect(issued.status).toBe(302);
  const certificateId = readValue<string>(
    'select id from certificates where user_id = ?',
    student.id,
  );
  await expect
    .poll(() =>
      readValue<number>('select count(*) from local_mailbox where recipient = ?', student.email),
    )
    .toBeGreaterThan(0);
  const mailId = readValue<string>(
    'select id from local_mailbox where recipient = ? order by delivered_at limit 1',
    student.email,
  );
  return {
    accounts: { none, student, fullstack, mentor, admin },
    cohort,
    transferId,
    orderId,
    mailId,
    certificateId,
    ...rows,
  };
}

/**
 * What a person on a phone would see cut off: a visible element reaching past the screen's
 * edge without a scrolling box of its own to hold it (the page's own width is checked by
 * saveFullPageScreenshot, with every lazily drawn section drawn).
 */
async function expectNothingClipped(page: Page, path: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const clipped = await page.evaluate((screen) => {
    // Held by a box that scrolls sideways, or hidden on purpose (`sr-only` clips its box to
    // nothing: a table's header row on a phone, whose cells carry their own labels).
    const heldOrHidden = (element: Element | null): boolean => {
      for (let node = element; node && node !== document.body; node = node.parentElement) {
        const { overflowX, clip, clipPath } = getComputedStyle(node);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
        if ((clip !== 'auto' && clip !== '') || clipPath !== 'none') return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || style.position === 'fixed') continue;
      if ((box.left < -1 || box.right > screen + 1) && !heldOrHidden(element)) {
        out.push(
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(box.left)}–${Math.round(box.right)})`,
        );
      }
    }
    return out.slice(0, 5);
  }, width);
  expect(clipped, `${path}: elements past the screen's edge`).toEqual([]);
}

/** The header menu opens by touch, shows its links on screen, and closes by Escape. */
async function expectMenuWorksByTouchAndKeyboard(page: Page, role: Role): Promise<void> {
  const toggle = page.getByRole('navigation', { name: 'Main' }).locator('button[aria-controls]');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const home = mainMenuLink(page, 'Home');
  await expect(home).toBeInViewport();
  if (role === 'admin') await expect(mainMenuLink(page, 'Admin')).toBeInViewport();
  await home.focus();
  await expect(home).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
}

test.describe('the phone layout pass @phone-only', () => {
  let cast: Cast;
  test.beforeAll(async () => {
    cast = await castOfPeople();
  });

  test('covers every page of app/routes.ts, in every role that can see it', async () => {
    const routes = readFileSync('app/routes.ts', 'utf8');
    const pages = [...routes.matchAll(/'(routes\/[\w/-]+\.tsx)'/g)]
      .map((match) => match[1]!)
      .filter((module) => !module.endsWith('/layout.tsx'));
    expect(new Set(Object.keys(PAGES))).toEqual(new Set(pages));
    for (const [module, visitsOf] of Object.entries(PAGES)) {
      const visits = ROLES.flatMap((role) => visitsOf(role, cast));
      expect(visits.length, module).toBeGreaterThan(0);
      const opened = new Set(
        visits.filter((visit) => (visit.status ?? 200) === 200).map((visit) => visit.path),
      );
      // A role the pass leaves out of a page is one that page does not show: where another
      // role opens it, this one is refused, sent elsewhere or told it is not there.
      for (const role of ROLES.filter((role) => visitsOf(role, cast).length === 0)) {
        const cookie = role === 'visitor' ? '' : cast.accounts[role].cookie;
        for (const path of opened) {
          const response = await fetch(`${E2E_ORIGIN}${path}`, {
            headers: { cookie },
            redirect: 'manual',
          });
          expect.soft(response.status, `${role} at ${path} (${module})`).not.toBe(200);
        }
      }
    }
  });

  for (const role of ROLES) {
    test(`${role}: every page fits a 375 px screen with no axe violations; the menu works by touch and keyboard`, async ({
      page,
      context,
    }) => {
      if (role !== 'visitor') await useAccount(context, cast.accounts[role]);
      const visits = Object.values(PAGES).flatMap((visitsOf) => visitsOf(role, cast));
      for (const [index, visit] of visits.entries()) {
        const response = await gotoApp(page, visit.path);
        expect(response?.status(), visit.path).toBe(visit.status ?? 200);
        if (index === 0) await expectMenuWorksByTouchAndKeyboard(page, role);
        await saveFullPageScreenshot(page, `${role}${visit.path.replace(/[^\w-]+/g, '-')}`);
        await expectNothingClipped(page, visit.path);
        await expectNoAxeViolations(page, visit.notOurs);
      }
    });
  }
});
