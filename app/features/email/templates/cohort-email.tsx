import { ActionButton, EmailLayout, Paragraph, useSiteUrl } from './email-layout';

export const cohortPlacedSubject = ({ cohortName }: { cohortName: string }) =>
  `Your cohort: ${cohortName}`;

export interface CohortPlacedEmailProps {
  name: string;
  cohortName: string;
  /** "12 January 2027", or null while the cohort has no start date. */
  startDate: string | null;
  /** Free text, e.g. "Tue and Thu, 7–9 pm WAT"; empty when not set. */
  schedule: string;
}

/** Someone was placed in a cohort (an approval, an invitation, an admin): which, and when. */
export function CohortPlacedEmail({
  name,
  cohortName,
  startDate,
  schedule,
}: CohortPlacedEmailProps) {
  const homeUrl = useSiteUrl('/fed/home');
  return (
    <EmailLayout heading={`You are in ${cohortName}`} preview={`Your cohort is ${cohortName}.`}>
      <Paragraph>
        Hi {name}, you are in the cohort {cohortName}
        {startDate ? `, which starts on ${startDate}` : ''}. You learn, meet your mentor and join
        the live classes with its students.
      </Paragraph>
      {schedule && <Paragraph>Its live classes: {schedule}.</Paragraph>}
      <ActionButton href={homeUrl}>Go to your course</ActionButton>
    </EmailLayout>
  );
}
