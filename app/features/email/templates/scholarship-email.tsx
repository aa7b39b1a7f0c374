import type { Track } from '~/db/schema';
import { CourseUnlocked } from './course-unlocked';
import { SCHOLARSHIP_CONFIRMED } from '~/features/enrolment/order-words';
import { EmailLayout, Paragraph } from './email-layout';

/** The success page's words for a $0 order (decision 075): nothing was paid, so no "payment". */
export const SCHOLARSHIP_SUBJECT = `${SCHOLARSHIP_CONFIRMED} — your course is unlocked`;

/** Sent when a 100 % code enrols its student: nothing was paid, the course is open. */
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
      heading={SCHOLARSHIP_CONFIRMED}
      preview={`Code ${code} covers ${planName} in full.`}
    >
      <Paragraph>
        Hi {name}, the code {code} covers {planName} in full: there is nothing to pay.
      </Paragraph>
      <CourseUnlocked track={track} />
    </EmailLayout>
  );
}
