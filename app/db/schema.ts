import type { ColumnType, Insertable, Selectable } from 'kysely';

export const ACCESS_LEVELS = ['none', 'level-1', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * `user_search_grams` counts every substring of up to this many characters (migration 006
 * built it with this length; a change needs a migration that rebuilds the table).
 */
export const SEARCH_GRAM_MAX_LENGTH = 3;

/** `none`, or the id of a row of `cohorts` (the application checks which). */
export type Cohort = string;
export const NO_COHORT = 'none';

/** What a user holds: their access and their cohort. */
export interface Membership {
  access: Access;
  cohort: Cohort;
}

/** A change of a user's access or cohort, from what to what: the audit row and what follows. */
export interface MembershipChange {
  userId: string;
  before: Membership;
  after: Membership;
}

/**
 * Timestamps are ISO-8601 UTC strings of fixed width (`2026-11-21T10:00:00.000Z`), so they
 * compare and sort the same way as text on SQLite and on PostgreSQL.
 */
export type Timestamp = string;

export const REVIEW_EMAILS = ['each', 'daily'] as const;
export type ReviewEmails = (typeof REVIEW_EMAILS)[number];

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  access: ColumnType<Access, Access | undefined, Access>;
  cohort: ColumnType<Cohort, Cohort | undefined, Cohort>;
  /** 1 when the identity provider verified `email` at the last sign-in. */
  email_verified: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  edited_at: Timestamp | null;
  edited_by: string | null;
  /** An admin's choice to be e-mailed about each submitted transfer (1, the default) or not. */
  transfer_alerts: ColumnType<number, number | undefined, number>;
  /** 1 (the default) while the person wants live-class reminders (migration 024). */
  reminder_emails: ColumnType<number, number | undefined, number>;
  /** The key of their one-click unsubscribe link; made with their first reminder. */
  email_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** A mentor's e-mails about projects to review (migration 039): one each, or a daily summary. */
  review_emails: ColumnType<ReviewEmails, ReviewEmails | undefined, ReviewEmails>;
  /** When the person chose their display name on /account (migration 028); sign-in keeps it. */
  name_edited_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** The browser's User-Agent at sign-in, for the account page's devices (migration 028). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

export type SignInMode = 'popup' | 'redirect';

export interface SignInAttemptsTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  mode: SignInMode;
  return_to: string;
  expires_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface UserChangesTable {
  id: string;
  user_id: string;
  /** The admin's user id, or `command-line`. */
  changed_by: string;
  changed_by_name: string;
  changed_at: Timestamp;
  access_before: Access;
  access_after: Access;
  cohort_before: Cohort;
  cohort_after: Cohort;
  /** Why, in the admin's words (migration 022): required to take away paid-for access. */
  reason: string | null;
}

/** How many users' search keys contain each string of up to three characters (migration 006). */
export interface UserSearchGramsTable {
  gram: string;
  users: number;
}

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** One e-mail to send (DESIGN §10): written with the change it reports, sent by the worker. */
export interface EmailOutboxTable {
  id: string;
  /** One message per cause: `welcome:{userId}`, `payment:{paymentId}`… */
  idempotency_key: string;
  template: string;
  recipient: string;
  recipient_name: string;
  /** The account it was written for, for the admin's view of a person; null for others. */
  user_id: string | null;
  /**
   * Another person the message names (migration 034: a transfer's student to an admin, a
   * review's mentor to a student): their deletion erases that name here (decision 064).
   */
  about_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  subject: string;
  /** The template's data as JSON; links are made from ORIGIN when the message is sent. */
  payload: string;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** When the current run of attempts began (creation, or an admin's retry). */
  queued_at: Timestamp;
  next_attempt_at: Timestamp;
  /** While `sending`: the claim's lease; after it another worker may take the row over. */
  claimed_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
}

/** What the local stand-in transport delivered, for `/dev-mail`. */
export interface LocalMailboxTable {
  id: string;
  message_id: string;
  sender: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  /** The whole message as it would have gone over SMTP (headers and MIME parts). */
  raw: string;
  delivered_at: Timestamp;
}

export type Track = 'frontend' | 'fullstack';
export type PaymentProviderName = 'stripe' | 'paystack' | 'local';
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'cancelled';
export type PaymentStatus = 'paid' | 'refunded';
export type EnrolmentStatus = 'active' | 'overdue' | 'refunded' | 'cancelled';
/** The statuses in which an enrolment holds its track (DESIGN §9): paid up, or an installment late. */
export const ENROLLED_STATUSES = [
  'active',
  'overdue',
] as const satisfies readonly EnrolmentStatus[];
export type EnrolmentSource = 'payment' | 'bank-transfer' | 'invitation' | 'admin' | 'scholarship';

/** What a signed-in person set out to buy; its id is the provider's reference. */
export interface OrdersTable {
  id: string;
  user_id: string;
  plan_id: string;
  track: Track;
  /** Per payment, in minor units (cents, kobo). */
  amount: number;
  currency: string;
  installments: number;
  provider: PaymentProviderName;
  /** The provider's checkout id (Stripe Checkout Session, Paystack access code). */
  provider_ref: string | null;
  /** The provider's name for an installment plan's charges, from its first payment. */
  subscription_ref: string | null;
  status: OrderStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The discount code the order was made with (migration 030), and what it took off each payment. */
  discount_code_id: ColumnType<string | null, string | null | undefined, string | null>;
  discount_amount: ColumnType<number, number | undefined, number>;
  /**
   * When its checkout closes (migration 032): until then a pending order holds its code's use
   * and Pay Now takes it up again (decision 062).
   */
  checkout_expires_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** Money a provider confirmed through a verified webhook. */
export interface PaymentsTable {
  id: string;
  order_id: string;
  user_id: string;
  provider: PaymentProviderName;
  provider_payment_id: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  raw_event: string;
  created_at: Timestamp;
  refunded_at: Timestamp | null;
  /** Refunded so far, in minor units: `amount` once the charge is refunded in full. */
  refunded_amount: ColumnType<number, number | undefined, number>;
}

/** Every webhook event once: the key makes a replay a no-op. */
export interface PaymentEventsTable {
  provider: PaymentProviderName;
  event_id: string;
  type: string;
  order_id: string | null;
  /** applied, duplicate-payment, mismatch, unknown-order, unverified, access-withheld, ignored. */
  outcome: string;
  note: string | null;
  received_at: Timestamp;
}

export interface EnrolmentsTable {
  id: string;
  user_id: string;
  order_id: string | null;
  track: Track;
  plan_id: string;
  status: EnrolmentStatus;
  installments_paid: number;
  installments_total: number;
  source: EnrolmentSource;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** An admin's grant (source `admin`, migration 026): who, and their reason. */
  granted_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The granting admin's id (migration 034): a deletion finds their acts by it. */
  granted_by: ColumnType<string | null, string | null | undefined, string | null>;
  grant_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its installment failed (migration 031): reminders and the pause count from it. */
  overdue_since: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The pause's day as an admin moved it; null: `overdue_since` + OVERDUE_GRACE_DAYS. */
  pause_due_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** When the overdue enrolment stopped holding its track; null while it holds it. */
  paused_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The provider's handle for a new card: Stripe's customer, Paystack's subscription code. */
  manage_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** An admin's grant revoked (migration 033): when, by whom (id and name), and why. */
  revoked_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  revoked_by: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  revoke_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An admin's extension of a grace period or waiver of an installment (migration 031). */
export interface EnrolmentChangesTable {
  id: string;
  enrolment_id: string;
  user_id: string;
  action: 'grace-extended' | 'installment-waived';
  changed_by: string;
  changed_by_name: string;
  reason: string;
  /** What changed, in words: `Pause moved to 12 December 2026`, `Installment 2 of 3 waived`. */
  detail: string;
  changed_at: Timestamp;
}

/** An uploaded file (a transfer's receipt): its type judged by its bytes, images stripped. */
export interface ReceiptsTable {
  id: string;
  user_id: string;
  content_type: string;
  file_name: string;
  size: number;
  bytes: Buffer;
  created_at: Timestamp;
}

export type BankTransferStatus = 'pending' | 'approved' | 'rejected';

/** A transfer a student reports; an admin approves it (with a cohort) or rejects it (with a reason). */
export interface BankTransfersTable {
  id: string;
  user_id: string;
  plan_id: string;
  /** What the student says they sent, in minor units (kobo). */
  amount: number;
  currency: string;
  /** The day of the transfer, `YYYY-MM-DD`. */
  transfer_date: string;
  reference: string;
  receipt_id: string;
  status: BankTransferStatus;
  reason: string | null;
  cohort: Cohort | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
}

/** A cohort an admin runs: `cohort-1` exists from the start (migration 011). */
export interface CohortsTable {
  id: string;
  name: string;
  /** `YYYY-MM-DD`, or null while it is not set. */
  start_date: string | null;
  /** Free text, e.g. "Tue and Thu, 7–9 pm WAT". */
  schedule: ColumnType<string, string | undefined, string>;
  capacity: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When an admin archived it: hidden from selects and announcements, members kept. */
  archived_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export type InvitationStatus = 'pending' | 'used' | 'revoked';

/** An address an admin enrolled before its first sign-in. */
export interface InvitationsTable {
  id: string;
  /** Lower-cased. */
  email: string;
  access: 'none' | 'level-1';
  cohort: Cohort;
  /** The track a Level 1 invitation enrols its person in (migration 026). */
  track: ColumnType<Track, Track | undefined, Track>;
  status: InvitationStatus;
  invited_by: string;
  invited_by_name: string;
  created_at: Timestamp;
  used_by: string | null;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A numbered course step a student marked as complete. */
export interface StepCompletionsTable {
  user_id: string;
  step: string;
  completed_at: Timestamp;
}

/** A certificate of completion: public by its random id, revocable with a reason. */
export interface CertificatesTable {
  id: string;
  user_id: string;
  /** The name as printed on it. */
  name: string;
  track: Track;
  cohort_name: string | null;
  issued_at: Timestamp;
  issued_by: string;
  issued_by_name: string;
  /** Why an admin issued it before every step was complete. */
  note: string | null;
  /** 1 when the student lets search engines index its page. */
  listed: ColumnType<number, number | undefined, number>;
  revoked_at: Timestamp | null;
  revoked_by_name: string | null;
  /** Who revoked it, by id (migration 034); null before, or when the name was ambiguous. */
  revoked_by: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_reason: string | null;
  /**
   * Its bit in the revocation status list (migration 029): given at issue, in issue order;
   * null only on a row written outside `issueCertificate`.
   */
  status_index: ColumnType<number | null, number | undefined, number | null>;
  /** The random salt of the holder's hashed e-mail in its credential. */
  identity_salt: ColumnType<string | null, string | undefined, string | null>;
}

/** A key that signs credentials (migration 029): every one ever used stays published. */
export interface CredentialKeysTable {
  /** The JWK thumbprint (RFC 7638) of the public key. */
  kid: string;
  /** The public JWK, as JSON. */
  public_jwk: string;
  /** The private JWK, as JSON, of a key generated here; null for `CREDENTIAL_SIGNING_KEY`'s. */
  private_jwk: string | null;
  /** 1 on the one generated key that signs now; null on every other. */
  active: 1 | null;
  created_at: Timestamp;
  retired_at: Timestamp | null;
}

/** A cohort's staff (migration 023): a mentor reviews the projects of its students. */
export type StaffRole = 'mentor';

export interface CohortStaffTable {
  user_id: string;
  cohort_id: string;
  role: StaffRole;
  /** The admin's user id. */
  added_by: string;
  added_at: Timestamp;
}

/** Who made whom a mentor of which cohort, or took it away: in both people's history. */
export interface CohortStaffChangesTable {
  id: string;
  /** The mentor. */
  user_id: string;
  cohort_id: string;
  role: StaffRole;
  action: 'added' | 'removed';
  changed_by: string;
  changed_by_name: string;
  changed_at: Timestamp;
}

export const SUBMISSION_STATUSES = ['waiting', 'approved', 'changes-requested'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export type ReviewVerdict = Exclude<SubmissionStatus, 'waiting'>;

/** One revision of a student's project (a project of `app/content/projects.ts`). */
export interface ProjectSubmissionsTable {
  /** Random and public: the review page's address. */
  id: string;
  user_id: string;
  project_id: string;
  /** 1, 2, 3… per student and project. */
  revision: number;
  repository_url: string;
  live_url: string | null;
  note: ColumnType<string, string | undefined, string>;
  status: SubmissionStatus;
  submitted_at: Timestamp;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
}

/** A mentor's or admin's verdict on one submission, with the feedback the student reads. */
export interface ProjectReviewsTable {
  id: string;
  submission_id: string;
  reviewer_id: string;
  /** The reviewer's name as it was: "Already reviewed by {name}", the history. */
  reviewer_name: string;
  verdict: ReviewVerdict;
  /** Plain text, line breaks kept; '' when an approval says nothing more. */
  feedback: ColumnType<string, string | undefined, string>;
  reviewed_at: Timestamp;
}

export type LiveSessionStatus = 'scheduled' | 'cancelled';

/** One live class of a cohort (migration 024). */
export interface LiveSessionsTable {
  /** Random: the join page's and the calendar event's key. */
  id: string;
  cohort_id: string;
  /** Shared by the classes one "repeat weekly" created; each is still changed on its own. */
  series_id: string | null;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  starts_at: Timestamp;
  duration_minutes: number;
  /** The meeting's https link: only ever sent to someone who may join. */
  join_url: string;
  /** The course step it belongs to (a `StepSlug`), or null. */
  step: string | null;
  status: LiveSessionStatus;
  recording_url: string | null;
  /** iCalendar SEQUENCE: up by one with every change a calendar must apply. */
  sequence: ColumnType<number, number | undefined, number>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AttendanceMark = 'present' | 'absent';

/** A student's attendance of one class: their first join, and a mentor's mark if any. */
export interface LiveAttendanceTable {
  session_id: string;
  user_id: string;
  first_joined_at: Timestamp | null;
  /** A mentor's or admin's word, which wins over the join record. */
  mark: AttendanceMark | null;
  marked_by_name: string | null;
  /** Who marked it, by id (migration 034); null before, or when the name was ambiguous. */
  marked_by: ColumnType<string | null, string | null | undefined, string | null>;
  marked_at: Timestamp | null;
}

/** Every mark by hand, kept: who said a student was present or absent, and when. */
export interface LiveAttendanceMarksTable {
  id: string;
  session_id: string;
  user_id: string;
  mark: AttendanceMark;
  marked_by: string;
  marked_by_name: string;
  marked_at: Timestamp;
}

/** A student's private calendar feed; a reset replaces the row (the old link is gone). */
export interface CalendarFeedsTable {
  user_id: string;
  /** The random token in the feed's address (decision 045: why it is not hashed). */
  token: string;
  created_at: Timestamp;
}

/**
 * One attempt at a quiz (migration 025): the options' order as shown, then, once graded,
 * the answers and the score. JSON text: question id to option ids.
 */
export interface QuizAttemptsTable {
  /** Random: the attempt's result page is `?attempt={id}`, its owner's only. */
  id: string;
  user_id: string;
  quiz_id: string;
  option_order: string;
  started_at: Timestamp;
  answers: string | null;
  submitted_at: Timestamp | null;
  correct: number | null;
  total: number | null;
}

export type ReceiptKind = 'payment' | 'transfer';

/**
 * A receipt the academy issued (migration 027, decision 048): its number, in one sequence
 * for the academy, and the paid payment or approved bank transfer it is for.
 */
export interface IssuedReceiptsTable {
  number: number;
  kind: ReceiptKind;
  /** The payment's or the bank transfer's id. */
  source_id: string;
  issued_at: Timestamp;
}

/**
 * A discount code (decision 052): percent or whole US dollars off each payment of
 * the plans it names; `uses` counts the orders holding it.
 */
export interface DiscountCodesTable {
  id: string;
  /** Upper-case; matched case-insensitively. */
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  /** Plan ids, comma-separated. */
  plan_ids: string;
  max_uses: number | null;
  uses: ColumnType<number, number | undefined, number>;
  /** The moment it stops being accepted. */
  expires_at: Timestamp | null;
  note: string | null;
  created_by: string;
  created_by_name: string;
  created_at: Timestamp;
  deactivated_at: Timestamp | null;
}

/**
 * An academy setting an admin changed from its default (decision 065): its name in
 * `features/settings/settings.ts` and its value as the form's text. A setting with no row
 * has its default.
 */
export interface AcademySettingsTable {
  name: string;
  value: string;
  changed_at: Timestamp;
}

/** Each change of an academy setting: from what, to what, by whom and when. */
export interface AcademySettingChangesTable {
  id: string;
  name: string;
  old_value: string;
  new_value: string;
  changed_by: string;
  changed_by_name: string;
  changed_at: Timestamp;
}

export type DiscountCodeRow = Selectable<DiscountCodesTable>;

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  rate_limits: RateLimitsTable;
  user_changes: UserChangesTable;
  user_search_grams: UserSearchGramsTable;
  email_outbox: EmailOutboxTable;
  local_mailbox: LocalMailboxTable;
  orders: OrdersTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  enrolments: EnrolmentsTable;
  enrolment_changes: EnrolmentChangesTable;
  receipts: ReceiptsTable;
  bank_transfers: BankTransfersTable;
  cohorts: CohortsTable;
  invitations: InvitationsTable;
  step_completions: StepCompletionsTable;
  certificates: CertificatesTable;
  cohort_staff: CohortStaffTable;
  cohort_staff_changes: CohortStaffChangesTable;
  project_submissions: ProjectSubmissionsTable;
  project_reviews: ProjectReviewsTable;
  live_sessions: LiveSessionsTable;
  live_attendance: LiveAttendanceTable;
  live_attendance_marks: LiveAttendanceMarksTable;
  calendar_feeds: CalendarFeedsTable;
  quiz_attempts: QuizAttemptsTable;
  issued_receipts: IssuedReceiptsTable;
  credential_keys: CredentialKeysTable;
  discount_codes: DiscountCodesTable;
  academy_settings: AcademySettingsTable;
  academy_setting_changes: AcademySettingChangesTable;
}

export type Order = Selectable<OrdersTable>;
export type Payment = Selectable<PaymentsTable>;
export type Enrolment = Selectable<EnrolmentsTable>;
export type BankTransfer = Selectable<BankTransfersTable>;
export type CohortRow = Selectable<CohortsTable>;
export type Invitation = Selectable<InvitationsTable>;
export type Certificate = Selectable<CertificatesTable>;
export type ProjectSubmission = Selectable<ProjectSubmissionsTable>;
export type ProjectReview = Selectable<ProjectReviewsTable>;
export type LiveSession = Selectable<LiveSessionsTable>;

export type OutboxEmail = Selectable<EmailOutboxTable>;
export type LocalMailboxMessage = Selectable<LocalMailboxTable>;

export type UserChange = Selectable<UserChangesTable>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;

export function nowTimestamp(date: Date = new Date()): Timestamp {
  return date.toISOString();
}
