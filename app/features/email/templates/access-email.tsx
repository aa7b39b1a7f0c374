import { site } from '~/content/site';
import { EmailLayout, Paragraph, TextLink } from './email-layout';

export const ACCESS_REMOVED_SUBJECT = 'Your access to the course was changed';

export interface AccessRemovedEmailProps {
  name: string;
  /** The paid enrolment whose access was taken away, e.g. "FrontEnd Bootcamp Upfront". */
  planName: string;
  /** The admin's reason, as recorded in the person's history. */
  reason: string;
  /** `fullstack`: an admin revoked the FullStack track they had been granted (decision 063). */
  track?: 'frontend' | 'fullstack';
}

/**
 * An admin took away the access a student paid for, or the FullStack track an admin had
 * granted: the student hears it from us, with the reason, rather than finding a locked
 * course page.
 */
export function AccessRemovedEmail({ name, planName, reason, track }: AccessRemovedEmailProps) {
  return (
    <EmailLayout
      heading="Your access to the course was changed"
      preview={`About your ${planName} enrolment: ${reason}`}
    >
      <Paragraph>
        {track === 'fullstack'
          ? `Hi ${name}, an admin at ${site.name} revoked the FullStack track that was granted to you: its steps and projects are closed to you now.`
          : `Hi ${name}, an admin at ${site.name} removed your access to the paid steps of the FrontEnd course, which came with your ${planName} enrolment.`}
      </Paragraph>
      <Paragraph>The reason: {reason}</Paragraph>
      <Paragraph>
        If you think this is a mistake, reply to this e-mail or write to{' '}
        <TextLink href={site.email.href}>{site.email.display}</TextLink> and we will sort it out.
      </Paragraph>
    </EmailLayout>
  );
}
