import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { courseNameOf } from './certificate-links';

/** What the student's "Your certificate" panel shows: plain data, safe to send to them. */
export interface StudentCertificate {
  id: string;
  /** The name as printed on it. */
  name: string;
  courseName: string;
  cohortName: string | null;
  /** ISO timestamp. */
  issuedAt: string;
  /** Whether the student lets search engines index its page. */
  listed: boolean;
  /** ISO timestamp, or null while it is valid. */
  revokedAt: string | null;
  /** The admin's reason, for its holder only (the public page shows only the date). */
  revokedReason: string | null;
}

/**
 * The certificate to show a student: their valid one, else the latest revoked one (so
 * they learn it was revoked), or null when none was ever issued.
 */
export async function findStudentCertificate(
  db: Kysely<Database>,
  userId: string,
): Promise<StudentCertificate | null> {
  const row = await db
    .selectFrom('certificates')
    .select([
      'id',
      'name',
      'track',
      'cohort_name',
      'issued_at',
      'listed',
      'revoked_at',
      'revoked_reason',
    ])
    .where('user_id', '=', userId)
    .orderBy((eb) => eb.case().when('revoked_at', 'is', null).then(0).else(1).end())
    .orderBy('issued_at', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    courseName: courseNameOf(row.track),
    cohortName: row.cohort_name,
    issuedAt: row.issued_at,
    listed: row.listed === 1,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
  };
}
