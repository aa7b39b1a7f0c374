import { site } from '~/content/site';
import { EmailLayout, Paragraph, TextLink, useSiteUrl } from './email-layout';

export const TEST_SUBJECT = `Test message from ${site.name}`;

/** `npm run mail -- test ADDRESS`: proves the configured transport delivers. */
export function TestEmail({ sentAt }: { sentAt: string }) {
  const siteUrl = useSiteUrl('/');
  return (
    <EmailLayout
      heading="Your e-mail set-up works"
      preview="A test message, sent from the command line."
    >
      <Paragraph>
        This message was sent at {sentAt} by “npm run mail -- test” to check that {site.name} can
        deliver e-mail. Nobody needs to do anything about it.
      </Paragraph>
      <Paragraph>
        It was sent by the site at <TextLink href={siteUrl}>{siteUrl}</TextLink>.
      </Paragraph>
    </EmailLayout>
  );
}
