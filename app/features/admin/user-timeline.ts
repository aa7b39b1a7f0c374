import { planName } from '~/content/plans';
import { findQuiz } from '~/content/quizzes';
import { hasPassed, scoreLine, type QuizAttempt } from '~/features/quizzes/quiz';
import type { UserChange } from '~/db/schema';
import { formatMinorUnits } from '~/lib/format';

/** One line of a person's history on their admin page. */
export interface TimelineEntry {
  at: string;
  kind:
    | 'account'
    | 'change'
    | 'invitation'
    | 'payment'
    | 'enrolment'
    | 'transfer'
    | 'email'
    | 'certificate'
    | 'mentor'
    | 'project'
    | 'quiz';
  text: string;
}

/** What the user page already holds, and the invitations and transfers of that person. */
export interface TimelineSources {
  user: { created_at: string };
  changes: UserChange[];
  emails: { subject: string; status: string; created_at: string; sent_at: string | null }[];
  purchases: {
    enrolments: {
      plan_id: string;
      source: string;
      created_at: string;
      /** An admin's grant: who and why (decision 047). */
      granted_by_name?: string | null;
      grant_reason?: string | null;
      /** The grant revoked by an admin: when, who and why (decision 063). */
      revoked_at?: string | null;
      revoked_by_name?: string | null;
      revoke_reason?: string | null;
    }[];
    payments: {
      provider: string;
      amount: number;
      currency: string;
      status: string;
      created_at: string;
      refunded_at: string | null;
      /** The order's discount code and what it took off. */
      discount?: string | null;
    }[];
  };
  invitations: {
    invited_by_name: string;
    access: string;
    cohort: string;
    created_at: string;
    used_at: string | null;
  }[];
  transfers: {
    plan_id: string;
    amount: number;
    currency: string;
    status: string;
    reason: string | null;
    decided_by_name: string | null;
    created_at: string;
    decided_at: string | null;
  }[];
  /** Certificates issued (with the note of an early one) and revoked (with the reason). */
  certificates?: {
    name: string;
    issued_at: string;
    issued_by_name: string;
    note: string | null;
    revoked_at: string | null;
    revoked_by_name: string | null;
    revoked_reason: string | null;
  }[];
  /** Mentors made or unmade: of this person, or by this person (`staffChangesFor`). */
  staffChanges?: {
    action: 'added' | 'removed';
    mentorName: string;
    cohortName: string;
    changedByName: string;
    changedAt: string;
  }[];
  /** The person's project submissions and their reviews (`projectHistoryFor`). */
  projects?: {
    projectTitle: string;
    revision: number;
    submittedAt: string;
    review: { verdict: string; reviewerName: string; reviewedAt: string } | null;
  }[];
  /** An admin's extensions and waivers of an overdue enrolment (`enrolmentChangesOf`). */
  enrolmentChanges?: {
    action: 'grace-extended' | 'installment-waived';
    detail: string;
    reason: string;
    changed_by_name: string;
    changed_at: string;
  }[];
  /** The person's graded quiz attempts (`gradedQuizAttemptsOf`). */
  quizAttempts?: QuizAttempt[];
}

const ACCESS_LABELS: Record<string, string> = { none: 'none', 'level-1': 'Level 1 - FED' };

/**
 * A person's whole history in one list, newest first: the account, every change of access
 * and cohort (who, when), invitations, enrolments, payments, transfers, certificates,
 * mentoring, projects, quiz attempts and e-mails.
 */
export function buildTimeline(sources: TimelineSources): TimelineEntry[] {
  // Concatenated in this order, which a stable sort keeps for entries of the same moment.
  const entries: TimelineEntry[] = [
    { at: sources.user.created_at, kind: 'account', text: 'Account created at the first sign-in' },
    ...accessEntries(sources),
    ...enrolmentEntries(sources),
    ...moneyEntries(sources),
    ...learningEntries(sources),
    ...emailEntries(sources),
  ];
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** The admins' changes of access and cohort, and the invitations. */
function accessEntries(sources: TimelineSources): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const change of sources.changes) {
    entries.push({
      at: change.changed_at,
      kind: 'change',
      text: `${change.changed_by_name} set access ${change.access_before} → ${change.access_after}, cohort ${change.cohort_before} → ${change.cohort_after}${change.reason ? `. Reason: ${change.reason}` : ''}`,
    });
  }
  for (const invitation of sources.invitations) {
    entries.push({
      at: invitation.created_at,
      kind: 'invitation',
      text: `Invited by ${invitation.invited_by_name}: access ${ACCESS_LABELS[invitation.access] ?? invitation.access}, cohort ${invitation.cohort}`,
    });
    if (invitation.used_at) {
      entries.push({ at: invitation.used_at, kind: 'invitation', text: 'Invitation taken up' });
    }
  }
  return entries;
}

/** Enrolments, the FullStack grants and revocations, and the overdue plans' extensions and waivers. */
function enrolmentEntries(sources: TimelineSources): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const enrolment of sources.purchases.enrolments) {
    entries.push({
      at: enrolment.created_at,
      kind: 'enrolment',
      text: enrolment.granted_by_name
        ? `${enrolment.granted_by_name} granted the FullStack track. Reason: ${enrolment.grant_reason ?? ''}`
        : `Enrolled in ${planName(enrolment.plan_id)} (by ${enrolment.source})`,
    });
    if (enrolment.revoked_at) {
      entries.push({
        at: enrolment.revoked_at,
        kind: 'enrolment',
        text: `${enrolment.revoked_by_name ?? 'An admin'} revoked the FullStack track. Reason: ${enrolment.revoke_reason ?? ''}`,
      });
    }
  }
  for (const change of sources.enrolmentChanges ?? []) {
    const what =
      change.action === 'grace-extended' ? 'extended the grace period' : 'waived an installment';
    entries.push({
      at: change.changed_at,
      kind: 'enrolment',
      text: `${change.changed_by_name} ${what}: ${change.detail}. Reason: ${change.reason}`,
    });
  }
  return entries;
}

/** Payments and their refunds, bank transfers and their decisions. */
function moneyEntries(sources: TimelineSources): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const payment of sources.purchases.payments) {
    const amount = formatMinorUnits(payment.amount, payment.currency);
    entries.push({
      at: payment.created_at,
      kind: 'payment',
      text: `Payment of ${amount} through ${payment.provider}${payment.discount ? ` with code ${payment.discount}` : ''}`,
    });
    if (payment.refunded_at) {
      entries.push({
        at: payment.refunded_at,
        kind: 'payment',
        text: `Payment of ${amount} refunded`,
      });
    }
  }
  for (const transfer of sources.transfers) {
    const amount = formatMinorUnits(transfer.amount, transfer.currency);
    entries.push({
      at: transfer.created_at,
      kind: 'transfer',
      text: `Bank transfer of ${amount} for ${planName(transfer.plan_id)} submitted`,
    });
    if (transfer.decided_at) {
      entries.push({
        at: transfer.decided_at,
        kind: 'transfer',
        text: `Bank transfer of ${amount} ${transfer.status} by ${transfer.decided_by_name ?? 'an admin'}${transfer.reason ? `: ${transfer.reason}` : ''}`,
      });
    }
  }
  return entries;
}

/** Certificates, mentor changes, project revisions and reviews, quiz attempts. */
function learningEntries(sources: TimelineSources): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const certificate of sources.certificates ?? []) {
    entries.push({
      at: certificate.issued_at,
      kind: 'certificate',
      text: `Certificate issued by ${certificate.issued_by_name} to “${certificate.name}”${certificate.note ? ` before every step was complete. Note: ${certificate.note}` : ''}`,
    });
    if (certificate.revoked_at) {
      entries.push({
        at: certificate.revoked_at,
        kind: 'certificate',
        text: `Certificate revoked by ${certificate.revoked_by_name ?? 'an admin'}: ${certificate.revoked_reason ?? ''}`,
      });
    }
  }
  for (const change of sources.staffChanges ?? []) {
    entries.push({
      at: change.changedAt,
      kind: 'mentor',
      text:
        change.action === 'added'
          ? `${change.changedByName} made ${change.mentorName} mentor of ${change.cohortName}`
          : `${change.changedByName} removed ${change.mentorName} as mentor of ${change.cohortName}`,
    });
  }
  for (const project of sources.projects ?? []) {
    const what = `${project.projectTitle}, revision ${project.revision}`;
    entries.push({ at: project.submittedAt, kind: 'project', text: `Project submitted: ${what}` });
    if (project.review) {
      entries.push({
        at: project.review.reviewedAt,
        kind: 'project',
        text: `${project.review.reviewerName} ${project.review.verdict === 'approved' ? 'approved' : 'requested changes on'} ${what}`,
      });
    }
  }
  for (const attempt of sources.quizAttempts ?? []) {
    entries.push({
      at: attempt.submittedAt,
      kind: 'quiz',
      text: `${findQuiz(attempt.quizId)?.title ?? attempt.quizId}: ${scoreLine(attempt)}, ${hasPassed(attempt) ? 'passed' : 'not passed'}`,
    });
  }
  return entries;
}

/** Every e-mail to the person and where it stands. */
function emailEntries(sources: TimelineSources): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const email of sources.emails) {
    entries.push({
      at: email.sent_at ?? email.created_at,
      kind: 'email',
      text: `E-mail “${email.subject}”: ${email.status}`,
    });
  }
  return entries;
}
