import type { Track } from '~/db/schema';
import { CourseUnlocked } from './course-unlocked';
import { EmailLayout, Paragraph } from './email-layout';

export const SCHOLARSHIP_SUBJECT = 'Your scholarship is in — your course is unlocked';

/** Sent when a 100 % code enrols its student (issue 32): nothing was paid, the course is open. */
export function ScholarshipEmail({
  name,
  planName,
  code,
  track,
}: {
  name: string;
  planName: string;
  code: string;
  track?: Track;
}) {
  return (
    <EmailLayout
      heading="Your course is unlocked"
      preview={`Code ${code} covers ${planName} in full.`}
    >
      <Paragraph>
        Hi {name}, the code {code} covers {planName} in full: there is nothing to pay.
      </Paragraph>
      <CourseUnlocked track={track} />
    </EmailLayout>
  );
}
