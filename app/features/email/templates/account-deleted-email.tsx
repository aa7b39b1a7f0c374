import { site } from '~/content/site';
import { formatDateTimeUtc } from '~/lib/format';
import { EmailLayout, Paragraph, TextLink } from './email-layout';

export const ACCOUNT_DELETED_SUBJECT = `Your ${site.name} account was deleted`;

/**
 * The confirmation of a deletion the person asked for (decision 049). It names nobody: the
 * account is gone, and the outbox forgets the address once this is sent.
 */
export function AccountDeletedEmail({ deletedAt }: { deletedAt: string }) {
  return (
    <EmailLayout
      heading="Your account was deleted"
      preview="Your name, e-mail, progress and submissions are gone; payments stay, without your name."
    >
      <Paragraph>
        As you asked, your {site.name} account was deleted on {formatDateTimeUtc(deletedAt)}. You
        were signed out everywhere.
      </Paragraph>
      <Paragraph>
        Your name and e-mail address, your course progress, quiz attempts, project links and notes,
        and the files of your bank transfers are gone, and your certificates now say they were
        withdrawn by their holder. Records of payments and orders stay, without your name or
        address, because the law asks us to keep accounts.
      </Paragraph>
      <Paragraph>
        If you sign in again later, a new, empty account is created. Questions? Write to{' '}
        <TextLink href={site.email.href}>{site.email.display}</TextLink>.
      </Paragraph>
    </EmailLayout>
  );
}
