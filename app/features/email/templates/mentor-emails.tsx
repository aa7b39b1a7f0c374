import { findProject } from '~/content/projects';
import { ActionButton, BulletList, EmailLayout, Paragraph, useSiteUrl } from './email-layout';

export const mentorAddedSubject = ({ cohortName }: { cohortName: string }) =>
  `You are a mentor of ${cohortName}`;

export interface MentorAddedEmailProps {
  name: string;
  cohortName: string;
  /** The admin who made them a mentor. */
  addedBy: string;
}

/** Someone was made a mentor of a cohort: what that lets them do, and where. */
export function MentorAddedEmail({ name, cohortName, addedBy }: MentorAddedEmailProps) {
  const reviewsUrl = useSiteUrl('/mentor/reviews');
  return (
    <EmailLayout
      heading={`You are a mentor of ${cohortName}`}
      preview={`${addedBy} made you a mentor of ${cohortName}.`}
    >
      <Paragraph>
        Hi {name}, {addedBy} made you a mentor of {cohortName}. You review the projects its students
        hand in, run its live classes and see how each student is doing.
      </Paragraph>
      <ActionButton href={reviewsUrl}>Open the mentor area</ActionButton>
    </EmailLayout>
  );
}

export interface ProjectSubmittedEmailProps {
  name: string;
  studentName: string;
  /** A project of the catalogue: its title comes from there. */
  projectId: string;
  revision: number;
  submissionId: string;
}

const projectTitle = (projectId: string) => findProject(projectId)?.title ?? 'a project';

export const projectSubmittedSubject = ({ projectId, studentName }: ProjectSubmittedEmailProps) =>
  `Project to review: ${projectTitle(projectId)} by ${studentName}`;

/** A student of a cohort the recipient mentors handed in a project: the way to its review. */
export function ProjectSubmittedEmail(props: ProjectSubmittedEmailProps) {
  const title = projectTitle(props.projectId);
  const reviewUrl = useSiteUrl(`/mentor/reviews/${encodeURIComponent(props.submissionId)}`);
  return (
    <EmailLayout heading="A project to review" preview={`${props.studentName} handed in ${title}.`}>
      <Paragraph>
        Hi {props.name}, {props.studentName} handed in revision {props.revision} of {title}. It
        waits for a mentor of their cohort to review it.
      </Paragraph>
      <ActionButton href={reviewUrl}>Review the project</ActionButton>
    </EmailLayout>
  );
}

export interface ReviewDigestEmailProps {
  name: string;
  /** The academy's day the projects were handed in, `YYYY-MM-DD`. */
  day: string;
  projects: { submissionId: string; projectId: string; revision: number }[];
}

const digestDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(',', '');

export const reviewDigestSubject = ({ projects, day }: ReviewDigestEmailProps) =>
  `${projects.length === 1 ? '1 project' : `${projects.length} projects`} to review from ${digestDay(day)}`;

/** A mentor's daily summary: the projects handed in that day that still wait, each a link. */
export function ReviewDigestEmail({ name, day, projects }: ReviewDigestEmailProps) {
  const site = useSiteUrl('');
  const reviewsUrl = useSiteUrl('/mentor/reviews');
  return (
    <EmailLayout
      heading="Projects to review"
      preview={`${projects.length} handed in on ${digestDay(day)} and waiting.`}
    >
      <Paragraph>
        Hi {name}, students of your cohorts handed in these projects on {digestDay(day)}, and they
        wait for review:
      </Paragraph>
      <BulletList
        items={projects.map(
          ({ projectId, revision, submissionId }) =>
            `${projectTitle(projectId)}, revision ${revision}: ${site}/mentor/reviews/${encodeURIComponent(submissionId)}`,
        )}
      />
      <ActionButton href={reviewsUrl}>Open the reviews</ActionButton>
      <Paragraph>You chose one summary a day on your account page.</Paragraph>
    </EmailLayout>
  );
}
