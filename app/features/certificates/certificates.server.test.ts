import { describe, expect, it } from 'vitest';
import { FULLSTACK_NUMBERED_STEPS } from '~/content/fullstack-steps';
import { FRONTEND_PROJECTS, FULLSTACK_PROJECTS } from '~/content/projects';
import { grantFullstack } from '~/features/fullstack/fullstack-grants.server';
import { fullstackStepKey } from '~/features/fullstack/fullstack-progress.server';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import { markStep } from '~/features/progress/progress.server';
import { useTestDatabase, testEngine } from '../../../tests/support/test-database';
import {
  admin,
  insertApprovedProjects,
  insertEnrolment,
  insertUser,
  outboxOf,
} from '../../../tests/support/factories';
import { untilAnotherWaitsFor } from '../../../tests/support/same-moment';
import { accepted } from '../../../tests/support/accepted';
import { answerOf } from '~/lib/refusal.server';
import { CERTIFICATE_REFUSALS } from '~/routes/admin/user-details-refusals.server';
import { CERTIFICATE_MESSAGES } from './certificate-form';
import {
  certificateChoices,
  findCertificate,
  issueCertificate,
  listCertificatesOfUser,
  publicCertificate,
  revokeCertificate,
  setCertificateListed,
  type IssueRefusal,
  type RevokeRefusal,
} from './certificates.server';
import { findStudentCertificate } from './student-certificate.server';

const database = useTestDatabase();

const now = new Date('2026-12-01T10:00:00.000Z');

async function completeSteps(userId: string, count = NUMBERED_STEPS.length) {
  for (const step of NUMBERED_STEPS.slice(0, count)) {
    await markStep(database.db, userId, step.slug, true, now);
  }
}

/** Every step complete and every project approved: a certificate needs no note. */
async function completeCourse(userId: string) {
  await completeSteps(userId);
  await insertApprovedProjects(database.db, userId, admin);
}

/** A student who finished the course and holds a certificate issued under `name`. */
async function certifiedStudent(name: string) {
  const student = await insertUser(database.db, { access: 'level-1' });
  await completeCourse(student.id);
  const { certificate } = accepted(
    await issueCertificate(database.db, { userId: student.id, name, admin }),
  );
  return { student, certificate };
}

/** A refused issue or revocation, as the user's page answers it (decision 079). */
async function refusal(answer: Promise<{ ok: true } | IssueRefusal | RevokeRefusal>) {
  const refused = await answer;
  if (refused.ok) throw new Error('It was done.');
  return answerOf(CERTIFICATE_REFUSALS, refused);
}

describe('issuing a certificate', () => {
  it('after all 8 steps: a random public id, the name, track, cohort, issuer, and the e-mail with its link', async () => {
    const student = await insertUser(database.db, {
      name: 'Tobi Student',
      email: 'tobi@example.com',
      access: 'level-1',
      cohort: 'cohort-1',
    });
    await completeCourse(student.id);
    const { certificate, emailed } = accepted(
      await issueCertificate(
        database.db,
        { userId: student.id, name: '  Tobiloba Adé  ', admin },
        now,
      ),
    );
    expect(emailed).toBe(true);
    expect(certificate).toMatchObject({
      user_id: student.id,
      name: 'Tobiloba Adé',
      track: 'frontend',
      cohort_name: 'Cohort 1',
      issued_at: now.toISOString(),
      issued_by: admin.id,
      issued_by_name: admin.name,
      note: null,
      listed: 0,
      revoked_at: null,
    });
    expect(certificate.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(certificate.id).not.toContain(student.id);

    const mail = await outboxOf(database.db, student.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      template: 'certificate-issued',
      recipient: 'tobi@example.com',
      idempotency_key: `certificate-issued:${certificate.id}`,
    });
    expect(JSON.parse(mail[0]!.payload)).toEqual({
      name: 'Tobiloba Adé',
      certificateId: certificate.id,
      courseName: 'FrontEnd Developer Bootcamp',
      cohortName: 'Cohort 1',
    });
    expect(await findCertificate(database.db, certificate.id)).toEqual(certificate);
  });

  it('before all 8 steps only with a note, which is kept; nothing is written without one', async () => {
    const student = await insertUser(database.db, { access: 'level-1' });
    await completeSteps(student.id, 7);
    const refused = await refusal(
      issueCertificate(database.db, { userId: student.id, name: 'Early Bird', note: '  ', admin }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      'A note is required: this student has only completed 7 of 8 FrontEnd steps and had 0 of 7 FrontEnd projects approved. Say why the FrontEnd certificate is issued now.',
    );
    expect(await listCertificatesOfUser(database.db, student.id)).toEqual([]);
    expect(await outboxOf(database.db, student.id)).toEqual([]);

    const { certificate } = accepted(
      await issueCertificate(database.db, {
        userId: student.id,
        name: 'Early Bird',
        note: 'Graduation lecture attended live; marking was skipped.',
        admin,
      }),
    );
    expect(certificate.note).toBe('Graduation lecture attended live; marking was skipped.');
    expect(certificate.cohort_name).toBeNull();
  });

  it('after all 8 steps but before all 7 projects are approved only with a note; with them, without', async () => {
    const student = await insertUser(database.db, { access: 'level-1' });
    await completeSteps(student.id);
    await insertApprovedProjects(database.db, student.id, admin, FRONTEND_PROJECTS.length - 1);
    const refused = await refusal(
      issueCertificate(database.db, { userId: student.id, name: 'Almost There', admin }),
    );
    expect(refused).toMatchObject({ status: 400, field: 'note' });
    // Only what is missing: all 8 steps are complete.
    expect(refused.message).toBe(
      'A note is required: this student has only had 6 of 7 FrontEnd projects approved. Say why the FrontEnd certificate is issued now.',
    );
    expect(await listCertificatesOfUser(database.db, student.id)).toEqual([]);
    expect(await outboxOf(database.db, student.id)).toEqual([]);

    const { certificate } = await certifiedStudent('All Done');
    expect(certificate.note).toBeNull();
  });

  it('one valid certificate per student: a second is refused until the first is revoked', async () => {
    const student = await insertUser(database.db, { access: 'level-1' });
    await completeCourse(student.id);
    const first = accepted(
      await issueCertificate(database.db, { userId: student.id, name: 'One', admin }),
    );
    const second = await refusal(
      issueCertificate(database.db, { userId: student.id, name: 'Two', admin }),
    );
    expect(second.status).toBe(409);
    expect(await listCertificatesOfUser(database.db, student.id)).toHaveLength(1);

    await revokeCertificate(database.db, first.certificate.id, { reason: 'Wrong name', admin });
    const again = accepted(
      await issueCertificate(database.db, { userId: student.id, name: 'Two', admin }),
    );
    expect(again.certificate.id).not.toBe(first.certificate.id);
    expect((await listCertificatesOfUser(database.db, student.id)).map((c) => c.name)).toEqual([
      'Two',
      'One',
    ]);
  });

  it('two admins at once still make one valid certificate: the second waits for the first', async () => {
    const student = await insertUser(database.db, { access: 'level-1' });
    await completeCourse(student.id);
    let second: ReturnType<typeof issueCertificate> | undefined;
    await database.db.transaction().execute(async (trx) => {
      // The first admin's transaction, caught between its check and its insert.
      let lock = trx.selectFrom('users').select('id').where('id', '=', student.id);
      if (testEngine() === 'postgres') lock = lock.forUpdate();
      await lock.execute();
      second = issueCertificate(database.db, { userId: student.id, name: 'Race B', admin });
      await untilAnotherWaitsFor(database, trx);
      await trx
        .insertInto('certificates')
        .values({
          id: 'race-a-certificate-0000',
          user_id: student.id,
          name: 'Race A',
          track: 'frontend',
          cohort_name: null,
          issued_at: now.toISOString(),
          issued_by: admin.id,
          issued_by_name: admin.name,
          note: null,
        })
        .execute();
    });
    const outcome = await refusal(second!);
    expect(outcome.status).toBe(409);
    expect((await listCertificatesOfUser(database.db, student.id)).map((c) => c.name)).toEqual([
      'Race A',
    ]);
  });

  it('refuses a bad name or an unknown user', async () => {
    const student = await insertUser(database.db, { access: 'level-1' });
    await completeCourse(student.id);
    for (const name of ['', '   ', 'x'.repeat(121), 'Line\nbreak']) {
      const refused = await refusal(
        issueCertificate(database.db, { userId: student.id, name, admin }),
      );
      expect(refused.status).toBe(400);
    }
    const unknown = await refusal(
      issueCertificate(database.db, { userId: 'nobody', name: 'Ghost', note: 'x', admin }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("a certificate's track", () => {
  /** A FrontEnd graduate (8 steps, 7 projects) whom an admin then gave the FullStack track. */
  async function frontEndGraduateOnFullstack() {
    const student = await insertUser(database.db, { access: 'level-1' });
    await insertEnrolment(database.db, { userId: student.id, orderId: null });
    await completeCourse(student.id);
    await grantFullstack(database.db, { userId: student.id, admin, reason: 'Moved up' });
    return student;
  }

  const issueFullstack = (userId: string, fields: { name: string; note?: string }) =>
    issueCertificate(database.db, { userId, track: 'fullstack', admin, ...fields });

  it('a FullStack certificate cannot be issued on FrontEnd progress without the note, which names the FullStack steps', async () => {
    const student = await frontEndGraduateOnFullstack();
    expect(await certificateChoices(database.db, student.id)).toEqual([
      { track: 'frontend', stepsDone: 8, projectsApproved: 7 },
      { track: 'fullstack', stepsDone: 0, projectsApproved: 0 },
    ]);
    const refused = await refusal(issueFullstack(student.id, { name: 'Ngozi' }));
    expect(refused).toMatchObject({ status: 400, field: 'note' });
    expect(refused.message).toBe(
      'A note is required: this student has only completed 0 of 7 FullStack steps and had 0 of 4 FullStack projects approved. Say why the FullStack certificate is issued now.',
    );
    expect(await listCertificatesOfUser(database.db, student.id)).toEqual([]);
    expect(await outboxOf(database.db, student.id)).toEqual([]);

    const { certificate } = accepted(
      await issueFullstack(student.id, {
        name: 'Ngozi',
        note: 'Built the FullStack projects at her employer; reviewed in person.',
      }),
    );
    expect(certificate).toMatchObject({
      track: 'fullstack',
      note: 'Built the FullStack projects at her employer; reviewed in person.',
    });
    expect(publicCertificate(certificate, 'https://academy.example').courseName).toBe(
      'FullStack Developer Bootcamp',
    );
  });

  it('the FullStack steps and projects complete: the FullStack certificate needs no note; FrontEnd is the default', async () => {
    const student = await frontEndGraduateOnFullstack();
    for (const step of FULLSTACK_NUMBERED_STEPS) {
      await markStep(database.db, student.id, fullstackStepKey(step.slug), true, now);
    }
    await insertApprovedProjects(
      database.db,
      student.id,
      admin,
      FULLSTACK_PROJECTS.length,
      FULLSTACK_PROJECTS,
    );
    expect(await certificateChoices(database.db, student.id)).toEqual([
      { track: 'frontend', stepsDone: 8, projectsApproved: 7 },
      { track: 'fullstack', stepsDone: 7, projectsApproved: 4 },
    ]);
    const { certificate } = accepted(await issueFullstack(student.id, { name: 'Ngozi' }));
    expect(certificate).toMatchObject({ track: 'fullstack', note: null });

    await revokeCertificate(database.db, certificate.id, { reason: 'Wrong track', admin });
    const byDefault = accepted(
      await issueCertificate(database.db, { userId: student.id, name: 'N', admin }),
    );
    expect(byDefault.certificate.track).toBe('frontend');
  });

  it('a student without the FullStack track is offered FrontEnd only and refused a FullStack certificate', async () => {
    const student = await insertUser(database.db, { access: 'level-1' });
    await completeCourse(student.id);
    expect(await certificateChoices(database.db, student.id)).toEqual([
      { track: 'frontend', stepsDone: 8, projectsApproved: 7 },
    ]);
    const refused = await refusal(
      issueFullstack(student.id, { name: 'Not Enrolled', note: 'Asked for it' }),
    );
    expect(refused).toMatchObject({
      status: 400,
      field: 'track',
      message: CERTIFICATE_MESSAGES.trackNotHeld,
    });
    expect(await listCertificatesOfUser(database.db, student.id)).toEqual([]);
  });
});

describe('revoking a certificate', () => {
  it('needs a reason, records who and when, happens once; the public page then says revoked', async () => {
    const { certificate } = await certifiedStudent('Revoke Me');
    const noReason = await refusal(
      revokeCertificate(database.db, certificate.id, { reason: '  ', admin }),
    );
    expect(noReason.status).toBe(400);
    expect((await findCertificate(database.db, certificate.id))?.revoked_at).toBeNull();

    const at = new Date('2026-12-05T09:30:00.000Z');
    const { certificate: revoked } = accepted(
      await revokeCertificate(
        database.db,
        certificate.id,
        { reason: ' Issued by mistake ', admin: { id: 'admin-2', name: 'Bo Admin' } },
        at,
      ),
    );
    expect(revoked).toMatchObject({
      revoked_at: at.toISOString(),
      revoked_by_name: 'Bo Admin',
      revoked_reason: 'Issued by mistake',
    });
    const twice = await refusal(
      revokeCertificate(database.db, certificate.id, { reason: 'Again', admin }),
    );
    expect(twice.status).toBe(409);
    const unknown = await refusal(
      revokeCertificate(database.db, 'AAAAAAAAAAAAAAAAAAAAAA', { reason: 'Nope', admin }),
    );
    expect(unknown.status).toBe(404);

    const page = publicCertificate(revoked, 'https://academy.example');
    expect(page).toMatchObject({
      status: 'revoked',
      revokedOn: '5 December 2026',
      indexable: false,
      share: null,
    });
    expect(JSON.stringify(page)).not.toContain('Issued by mistake');
    expect(JSON.stringify(page)).not.toContain('Ada Admin');
  });
});

describe('listing a certificate for search engines', () => {
  it('only its holder can choose, only while it is valid; the page is indexable only then', async () => {
    const { student, certificate } = await certifiedStudent('Listed Student');
    const other = await insertUser(database.db, { access: 'level-1' });
    expect(publicCertificate(certificate, 'https://academy.example').indexable).toBe(false);

    expect(await setCertificateListed(database.db, certificate.id, other.id, true)).toBe(
      'not-owner',
    );
    expect(await setCertificateListed(database.db, certificate.id, admin.id, true)).toBe(
      'not-owner',
    );
    expect((await findCertificate(database.db, certificate.id))?.listed).toBe(0);
    expect(await setCertificateListed(database.db, 'no-such-certificate', student.id, true)).toBe(
      'not-found',
    );

    expect(await setCertificateListed(database.db, certificate.id, student.id, true)).toBe(
      'updated',
    );
    const listed = (await findCertificate(database.db, certificate.id))!;
    expect(listed.listed).toBe(1);
    expect(publicCertificate(listed, 'https://academy.example').indexable).toBe(true);
    expect(await findStudentCertificate(database.db, student.id)).toMatchObject({
      id: certificate.id,
      listed: true,
      revokedAt: null,
    });

    expect(await setCertificateListed(database.db, certificate.id, student.id, false)).toBe(
      'updated',
    );
    expect((await findCertificate(database.db, certificate.id))?.listed).toBe(0);

    await revokeCertificate(database.db, certificate.id, { reason: 'Plagiarised project', admin });
    expect(await setCertificateListed(database.db, certificate.id, student.id, true)).toBe(
      'revoked',
    );
  });

  it("the student's panel shows the valid certificate, else the latest revoked one, else none", async () => {
    const student = await insertUser(database.db, { access: 'level-1' });
    expect(await findStudentCertificate(database.db, student.id)).toBeNull();
    await completeCourse(student.id);
    const first = accepted(
      await issueCertificate(
        database.db,
        { userId: student.id, name: 'First', admin },
        new Date('2026-12-01T00:00:00.000Z'),
      ),
    );
    await revokeCertificate(database.db, first.certificate.id, { reason: 'Typo in name', admin });
    expect(await findStudentCertificate(database.db, student.id)).toMatchObject({
      id: first.certificate.id,
      revokedReason: 'Typo in name',
    });
    const second = accepted(
      await issueCertificate(
        database.db,
        { userId: student.id, name: 'Second', admin },
        new Date('2026-11-01T00:00:00.000Z'),
      ),
    );
    expect(await findStudentCertificate(database.db, student.id)).toEqual({
      id: second.certificate.id,
      name: 'Second',
      courseName: 'FrontEnd Developer Bootcamp',
      cohortName: null,
      issuedAt: '2026-11-01T00:00:00.000Z',
      listed: false,
      revokedAt: null,
      revokedReason: null,
    });
  });
});
