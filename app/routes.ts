import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';

// Reads like SPEC §2's route table.
export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('enroll', 'routes/enroll.tsx'),
  route('success', 'routes/success.tsx'),

  route('fed', 'routes/fed/layout.tsx', [
    index('routes/fed/index.ts'),
    // The cohort's live classes (before `:step`, which would take the name).
    route('schedule', 'routes/fed/schedule.tsx'),
    // The course's quizzes, one page each (the module reads which from its path).
    route('html-css-quiz', 'routes/fed/quiz.tsx', { id: 'quiz/html-css' }),
    route('javascript-quiz', 'routes/fed/quiz.tsx', { id: 'quiz/javascript' }),
    route('react-quiz', 'routes/fed/quiz.tsx', { id: 'quiz/react' }),
    // The course home, its own page beside the steps (decision 075).
    route('home', 'routes/fed/home.tsx'),
    route(':step', 'routes/fed/step.tsx'),
  ]),

  // The FullStack track, for its students (the steps' content is guarded per page).
  route('fsd', 'routes/fsd/layout.tsx', [
    index('routes/fsd/index.ts'),
    route('home', 'routes/fsd/home.tsx'),
    route(':step', 'routes/fsd/step.tsx'),
  ]),

  // The signed-in person's own account, their data to download or delete (never by
  // id: the session's person), and the academy's PDF receipt of a paid payment or an approved
  // transfer (its owner's and admins').
  route('account', 'routes/account/index.tsx'),
  route('account/data', 'routes/account/data.ts'),
  route('account/delete', 'routes/account/delete.tsx'),
  route('account/receipts/:kind/:id', 'routes/account/receipt.ts'),
  // "Update your payment" of an overdue installment, on to the provider's page.
  route('account/update-payment', 'routes/account/update-payment.ts'),

  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.ts'),
    route('home', 'routes/admin/home.tsx'),
    route('users.csv', 'routes/admin/users-csv.ts'),
    route('payments.csv', 'routes/admin/payments-csv.ts'),
    route('user-details/:id', 'routes/admin/user-details.tsx'),
    route('payments', 'routes/admin/payments.tsx'),
    route('transfers', 'routes/admin/transfers.tsx'),
    route('transfers/:id', 'routes/admin/transfer-details.tsx'),
    route('invitations', 'routes/admin/invitations.tsx'),
    route('cohorts', 'routes/admin/cohorts.tsx'),
    // Discount codes and scholarships.
    route('discounts', 'routes/admin/discounts.tsx'),
    // The academy's settings (decision 065).
    route('settings', 'routes/admin/settings.tsx'),
  ]),
  route('admin/events', 'routes/admin/events.ts'),

  // A mentor's reviews and cohorts (admins: every cohort).
  route('mentor', 'routes/mentor/layout.tsx', [
    index('routes/mentor/reviews.tsx'),
    route('reviews/:id', 'routes/mentor/review.tsx'),
    route('cohorts', 'routes/mentor/cohorts.tsx'),
    route('students/:id', 'routes/mentor/student.tsx'),
    // The live classes admins and a cohort's mentors run, and their attendance.
    route('classes', 'routes/mentor/classes.tsx'),
    route('classes/:cohortId', 'routes/mentor/cohort-classes.tsx'),
    route('live/:sessionId', 'routes/mentor/live-class.tsx'),
    route('live/:sessionId/attendance.csv', 'routes/mentor/attendance-csv.ts'),
  ]),
  // A live class's join page (it redirects to the meeting), a student's calendar feed.
  route('live/:sessionId/join', 'routes/live-join.tsx'),
  route('calendar/:file', 'routes/calendar-feed.ts'),
  // A signed-in person's own changes, for the pages they have open.
  route('events', 'routes/events.ts'),

  ...prefix('auth', [
    route('google', 'routes/auth/google.ts'),
    route('google/callback', 'routes/auth/google-callback.ts'),
    route('logout', 'routes/auth/logout.ts'),
  ]),

  route('checkout', 'routes/checkout.tsx'),
  route('webhooks/:provider', 'routes/webhooks/payment-provider.ts'),
  // The local payment provider: answers only on a loopback origin without provider keys.
  route('dev-pay/:orderId', 'routes/dev-pay.tsx'),
  // A bank transfer's receipt: its student and admins only.
  route('receipts/:id', 'routes/receipt.ts'),
  // A certificate anyone can check by its link; its holder's choice to let search engines list it.
  route('certificates/:id', 'routes/certificate.tsx'),
  route('certificates/:id/listing', 'routes/certificate-listing.ts'),
  // A certificate's signed credential, and what a verifier reads to check one.
  route('certificates/:id/credential', 'routes/certificate-credential.ts'),
  route('credentials/issuer', 'routes/credentials/issuer.ts'),
  route('credentials/keys.json', 'routes/credentials/keys-json.ts'),
  route('credentials/keys/:thumbprint', 'routes/credentials/signing-key.ts'),
  route('credentials/status/1', 'routes/credentials/status-list.ts'),
  route('credentials/achievements/:track', 'routes/credentials/achievement.ts'),
  // A live-class reminder's one-click unsubscribe (RFC 8058): its token is the proof.
  route('unsubscribe/:token', 'routes/unsubscribe.tsx'),

  // The local mailbox: answers only while no SMTP server is configured.
  route('dev-mail', 'routes/dev-mail/index.tsx'),
  route('dev-mail/:id', 'routes/dev-mail/message.tsx'),
  route('dev-mail/:id/attachments/:index', 'routes/dev-mail/attachment.ts'),

  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
