import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FULLSTACK_NUMBERED_STEPS } from '~/content/fullstack-steps';
import { isPostgres } from '~/db/database.server';
import {
  ENROLLED_STATUSES,
  nowTimestamp,
  type Certificate,
  type Database,
  type Track,
} from '~/db/schema';
import { cohortNameOf } from '~/features/cohorts/cohorts.server';
import { newCertificateCredentialColumns } from '~/features/credentials/certificate-status.server';
import { enqueueEmail } from '~/features/email/outbox.server';
import { completedFullstackSteps } from '~/features/fullstack/fullstack-progress.server';
import { listCompletedSteps } from '~/features/progress/progress.server';
import { approvedProjectCount } from '~/features/projects/submissions.server';
import { isDeliverableAddress } from '~/lib/mail-address';
import { refusal, type Refusal, type Result } from '~/lib/refusal';
import {
  CERTIFICATE_TEXT_MAX,
  CERTIFICATE_TRACKS,
  certificateNameSchema,
  certificateNeedsNote,
  type CourseProgress,
} from './certificate-form';
import {
  certificatePath,
  courseNameOf,
  formatCertificateDate,
  linkedInAddToProfileUrl,
  linkedInShareUrl,
} from './certificate-links';

/**
 * Why an issue is refused (decision 079): a name or note that does not fit, an unknown
 * person, a track they do not hold, a note missing before the track is complete (with the
 * progress that makes it needed), or a valid certificate already held.
 */
export type IssueRefusal =
  | Refusal<'name' | 'noteTooLong' | 'userNotFound' | 'trackNotHeld' | 'alreadyValid'>
  | (Refusal<'noteRequired'> & { progress: CourseProgress });

/** Why a revocation is refused: no reason given, no such certificate, or revoked already. */
export type RevokeRefusal = Refusal<'reason' | 'notFound' | 'alreadyRevoked'>;

export interface CertificateAdmin {
  id: string;
  name: string;
}

/** 16 random bytes: 22 URL-safe characters, never derived from the user. */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

/** A public id is short and URL-safe; anything else is not one (and is never queried). */
export function isCertificateId(id: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(id);
}

export interface IssueCertificateInput {
  userId: string;
  /** The certificate's track: FrontEnd unless said (decision 070). */
  track?: Track;
  /** The name as it should appear on the certificate. */
  name: string;
  /** Why it is issued before every step is complete: required then, kept with it. */
  note?: string;
  admin: CertificateAdmin;
}

export interface IssuedCertificate {
  certificate: Certificate;
  /** False when the account has no deliverable address (nothing was queued). */
  emailed: boolean;
}

/**
 * The tracks a student's certificate may be of (decision 070): FrontEnd always (the default,
 * and the FullStack track includes its steps), FullStack only with an active or overdue
 * FullStack enrolment, however it was made (a payment, a transfer, an invitation, a grant).
 */
async function certificateTracks(db: Kysely<Database>, userId: string): Promise<Track[]> {
  const fullstack = await db
    .selectFrom('enrolments')
    .select('id')
    .where('user_id', '=', userId)
    .where('track', '=', 'fullstack')
    .where('status', 'in', ENROLLED_STATUSES)
    .executeTakeFirst();
  return CERTIFICATE_TRACKS.filter((track) => track === 'frontend' || fullstack);
}

/**
 * A student's progress in one track, which decides whether its certificate needs a note:
 * the track's own numbered steps completed and its own projects approved.
 */
async function certificateProgress(
  db: Kysely<Database>,
  userId: string,
  track: Track,
): Promise<CourseProgress> {
  const [stepsDone, projectsApproved] = await Promise.all([
    track === 'fullstack'
      ? completedFullstackSteps(db, userId).then(
          (done) => FULLSTACK_NUMBERED_STEPS.filter((step) => done.includes(step.slug)).length,
        )
      : listCompletedSteps(db, userId).then((steps) => steps.length),
    approvedProjectCount(db, userId, track),
  ]);
  return { track, stepsDone, projectsApproved };
}

/** The admin form's choice: each track the student holds, FrontEnd first, with its progress. */
export async function certificateChoices(
  db: Kysely<Database>,
  userId: string,
): Promise<CourseProgress[]> {
  const tracks = await certificateTracks(db, userId);
  return Promise.all(tracks.map((track) => certificateProgress(db, userId, track)));
}

/**
 * Issues a student's certificate of a track they hold, in one transaction with its e-mail:
 * when they completed that track's numbered steps and had its projects approved (FrontEnd: 8
 * and 7; FullStack: 7 and 4), or earlier with a note saying why (kept in the row, shown in
 * their history). One valid certificate per student: a second is refused while one is.
 * The row records the name as printed, the track, their cohort's name today, and who
 * issued it.
 */
export async function issueCertificate(
  db: Kysely<Database>,
  input: IssueCertificateInput,
  now: Date = new Date(),
): Promise<Result<IssuedCertificate, IssueRefusal>> {
  const name = certificateNameSchema.safeParse(input.name);
  if (!name.success) return refusal('name');
  const note = input.note?.trim() ?? '';
  if (note.length > CERTIFICATE_TEXT_MAX) return refusal('noteTooLong');
  return db.transaction().execute(async (trx) => {
    // The user's row is the lock that makes "one valid certificate" hold between two
    // admins at once on PostgreSQL; SQLite runs one write transaction at a time.
    let userQuery = trx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'cohort'])
      .where('id', '=', input.userId);
    if (isPostgres(trx)) userQuery = userQuery.forUpdate();
    const user = await userQuery.executeTakeFirst();
    if (!user) return refusal('userNotFound');

    const track = input.track ?? 'frontend';
    if (!(await certificateTracks(trx, user.id)).includes(track)) return refusal('trackNotHeld');
    const progress = await certificateProgress(trx, user.id, track);
    if (!note && certificateNeedsNote(progress)) return { ...refusal('noteRequired'), progress };
    const valid = await trx
      .selectFrom('certificates')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (valid) return refusal('alreadyValid');

    const cohortName = await cohortNameOf(trx, user.cohort);
    const certificate = await trx
      .insertInto('certificates')
      .values({
        id: newCertificateId(),
        user_id: user.id,
        name: name.data,
        track,
        cohort_name: cohortName,
        issued_at: nowTimestamp(now),
        issued_by: input.admin.id,
        issued_by_name: input.admin.name,
        note: note || null,
        listed: 0,
        ...(await newCertificateCredentialColumns(trx)),
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    const emailed = isDeliverableAddress(user.email);
    if (emailed) {
      await enqueueEmail(
        trx,
        {
          key: `certificate-issued:${certificate.id}`,
          template: 'certificate-issued',
          payload: {
            name: certificate.name,
            certificateId: certificate.id,
            courseName: courseNameOf(certificate.track),
            cohortName: certificate.cohort_name,
          },
          to: { address: user.email, name: user.name },
          userId: user.id,
        },
        now,
      );
    }
    return { ok: true, certificate, emailed };
  });
}

/**
 * Revokes a certificate with the admin's reason (kept in the row with their name and the
 * time; the public page then says Revoked and the date). Only once.
 */
export async function revokeCertificate(
  db: Kysely<Database>,
  id: string,
  input: { reason: string; admin: CertificateAdmin },
  now: Date = new Date(),
): Promise<Result<{ certificate: Certificate }, RevokeRefusal>> {
  const reason = input.reason.trim();
  if (reason.length < 3 || reason.length > CERTIFICATE_TEXT_MAX) return refusal('reason');
  const revoked = await db
    .updateTable('certificates')
    .set({
      revoked_at: nowTimestamp(now),
      revoked_by: input.admin.id,
      revoked_by_name: input.admin.name,
      revoked_reason: reason,
    })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (revoked) return { ok: true, certificate: revoked };
  const existing = await findCertificate(db, id);
  return refusal(existing ? 'alreadyRevoked' : 'notFound');
}

export type ListingOutcome = 'updated' | 'not-found' | 'not-owner' | 'revoked';

/**
 * The student's choice to let search engines index their certificate's page. Only the
 * student who holds it can make it, and only while it is valid.
 */
export async function setCertificateListed(
  db: Kysely<Database>,
  id: string,
  userId: string,
  listed: boolean,
): Promise<ListingOutcome> {
  if (!isCertificateId(id)) return 'not-found';
  const updated = await db
    .updateTable('certificates')
    .set({ listed: listed ? 1 : 0 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return 'updated';
  const existing = await findCertificate(db, id);
  if (!existing) return 'not-found';
  if (existing.user_id !== userId) return 'not-owner';
  return 'revoked';
}

export async function findCertificate(
  db: Kysely<Database>,
  id: string,
): Promise<Certificate | undefined> {
  if (!isCertificateId(id)) return undefined;
  return db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every certificate of a student, the newest first (a revoked one stays in the record). */
export function listCertificatesOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<Certificate[]> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('id')
    .limit(20)
    .execute();
}

/**
 * The reason of a certificate its holder took away by deleting their account: its
 * page says so, and no longer shows the name.
 */
export const WITHDRAWN_REASON = 'withdrawn by the holder';

/**
 * What `/certificates/{id}` shows anyone: never the note, the reason or who issued it (but
 * whether its holder withdrew it).
 */
export interface PublicCertificate {
  id: string;
  /** Null once its holder withdrew it. */
  name: string | null;
  courseName: string;
  cohortName: string | null;
  issuedAt: string;
  issuedOn: string;
  status: 'valid' | 'revoked';
  /** Revoked because its holder deleted their account. */
  withdrawn: boolean;
  revokedAt: string | null;
  revokedOn: string | null;
  /** Search engines may index the page (the student chose so, and it is valid). */
  indexable: boolean;
  /** The page's absolute address. */
  url: string;
  /** Share links; null once revoked (a revoked certificate is not promoted). */
  share: { linkedInAddToProfile: string; linkedInShare: string } | null;
}

export function publicCertificate(certificate: Certificate, origin: string): PublicCertificate {
  const courseName = courseNameOf(certificate.track);
  const valid = certificate.revoked_at === null;
  const withdrawn = !valid && certificate.revoked_reason === WITHDRAWN_REASON;
  const url = `${origin}${certificatePath(certificate.id)}`;
  return {
    id: certificate.id,
    name: withdrawn ? null : certificate.name,
    courseName,
    cohortName: certificate.cohort_name,
    issuedAt: certificate.issued_at,
    issuedOn: formatCertificateDate(certificate.issued_at),
    status: valid ? 'valid' : 'revoked',
    withdrawn,
    revokedAt: certificate.revoked_at,
    revokedOn: certificate.revoked_at ? formatCertificateDate(certificate.revoked_at) : null,
    indexable: valid && certificate.listed === 1,
    url,
    share: valid
      ? {
          linkedInAddToProfile: linkedInAddToProfileUrl({
            id: certificate.id,
            courseName,
            issuedAt: certificate.issued_at,
            origin,
          }),
          linkedInShare: linkedInShareUrl(url),
        }
      : null,
  };
}
