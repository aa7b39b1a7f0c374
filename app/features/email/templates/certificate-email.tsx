import { site } from '~/content/site';
import { certificatePath } from '~/features/certificates/certificate-links';
import { credentialPath } from '~/features/credentials/credential-links';
import { ActionButton, EmailLayout, Paragraph, TextLink, useSiteUrl } from './email-layout';

export const CERTIFICATE_ISSUED_SUBJECT = 'Your certificate of completion is ready';

export interface CertificateIssuedEmailProps {
  /** The name as printed on the certificate. */
  name: string;
  /** The certificate's public id: its page is `/certificates/{id}`. */
  certificateId: string;
  /** e.g. "FrontEnd Developer Bootcamp". */
  courseName: string;
  cohortName: string | null;
}

/**
 * An admin issued the student's certificate: its link, its signed credential, and what they
 * can do with them.
 */
export function CertificateIssuedEmail({
  name,
  certificateId,
  courseName,
  cohortName,
}: CertificateIssuedEmailProps) {
  const certificateUrl = useSiteUrl(certificatePath(certificateId));
  const credentialUrl = useSiteUrl(credentialPath(certificateId));
  const homeUrl = useSiteUrl('/fed/home');
  return (
    <EmailLayout
      heading="Congratulations, your certificate is ready"
      preview={`Your certificate of completion of the ${courseName} at ${site.name}.`}
    >
      <Paragraph>
        Hi {name}, congratulations on completing the {courseName}
        {cohortName ? ` with your cohort, ${cohortName}` : ''}. Your certificate of completion is
        ready.
      </Paragraph>
      <Paragraph>
        Anyone you give this link to, such as an employer, can check that the certificate is valid.
        You can print it from its page, or add it to your LinkedIn profile with its Add to LinkedIn
        profile button, which fills in LinkedIn’s certification form for you.
      </Paragraph>
      <ActionButton href={certificateUrl}>View your certificate</ActionButton>
      <Paragraph>
        It is also a signed digital credential (Open Badges 3.0) that you can keep in a digital
        wallet or send to an employer, who can check it without asking us:{' '}
        <TextLink href={credentialUrl}>download your credential</TextLink>.
      </Paragraph>
      <Paragraph>
        Search engines do not list your certificate unless you choose so on your{' '}
        <TextLink href={homeUrl}>course home page</TextLink>.
      </Paragraph>
      <Paragraph>
        Questions? Write to <TextLink href={site.email.href}>{site.email.display}</TextLink>.
      </Paragraph>
    </EmailLayout>
  );
}
