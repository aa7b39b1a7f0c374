import { findProject, projectPagePath } from '~/content/projects';
import { ActionButton, EmailLayout, Paragraph, QuotedText, useSiteUrl } from './email-layout';

export const PROJECT_APPROVED_SUBJECT = 'Your project was approved';
export const PROJECT_CHANGES_SUBJECT = 'Changes requested on your project';

export interface ProjectReviewEmailProps {
  name: string;
  /** A project of the catalogue: its title and its step's page come from there. */
  projectId: string;
  revision: number;
  reviewerName: string;
  /** The reviewer's words, plain text; '' when an approval says nothing more. */
  feedback: string;
}

function useProject(projectId: string) {
  const project = findProject(projectId);
  const stepUrl = useSiteUrl(project ? projectPagePath(project) : '/fed/home');
  return { title: project?.title ?? 'your project', stepUrl };
}

/** A mentor approved a revision: the feedback, if any, and the way back to the step. */
export function ProjectApprovedEmail(props: ProjectReviewEmailProps) {
  const { title, stepUrl } = useProject(props.projectId);
  return (
    <EmailLayout
      heading="Your project was approved"
      preview={`${props.reviewerName} approved ${title}.`}
    >
      <Paragraph>
        Hi {props.name}, {props.reviewerName} reviewed revision {props.revision} of your project{' '}
        {title} and approved it. Well done!
      </Paragraph>
      {props.feedback && (
        <>
          <Paragraph>Their feedback:</Paragraph>
          <QuotedText>{props.feedback}</QuotedText>
        </>
      )}
      <ActionButton href={stepUrl}>See your project</ActionButton>
    </EmailLayout>
  );
}

/** A mentor asked for changes: what to change, and where to send the new version. */
export function ProjectChangesRequestedEmail(props: ProjectReviewEmailProps) {
  const { title, stepUrl } = useProject(props.projectId);
  return (
    <EmailLayout
      heading="Changes requested on your project"
      preview={`${props.reviewerName} reviewed ${title} and asks for changes.`}
    >
      <Paragraph>
        Hi {props.name}, {props.reviewerName} reviewed revision {props.revision} of your project{' '}
        {title} and asks for some changes before approving it.
      </Paragraph>
      <Paragraph>Their feedback:</Paragraph>
      <QuotedText>{props.feedback}</QuotedText>
      <Paragraph>
        Make the changes, push them, and send the new version from the step page.
      </Paragraph>
      <ActionButton href={stepUrl}>Send a new version</ActionButton>
    </EmailLayout>
  );
}
