import { findProject } from '~/content/projects';
import { ActionButton, EmailLayout, Paragraph, useSiteUrl } from './email-layout';

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
