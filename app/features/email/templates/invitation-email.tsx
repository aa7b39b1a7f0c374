import { site } from '~/content/site';
import { ActionButton, EmailLayout, Paragraph, TextLink, useSiteUrl } from './email-layout';

export const INVITATION_SUBJECT = `You are invited to ${site.name}`;

export interface InvitationEmailProps {
  /** Who invited them, e.g. "Ada Admin". */
  invitedBy: string;
  /** True when the invitation opens every step of the FrontEnd course. */
  fullAccess: boolean;
  /** The cohort's name, or null for none. */
  cohortName: string | null;
}

/** An admin enrolled this address: sign in with it (Google) and the course is set up. */
export function InvitationEmail({ invitedBy, fullAccess, cohortName }: InvitationEmailProps) {
  const loginUrl = useSiteUrl('/login');
  return (
    <EmailLayout
      heading={`You are invited to ${site.name}`}
      preview={`${invitedBy} enrolled this address${cohortName ? ` in ${cohortName}` : ''}.`}
    >
      <Paragraph>
        {invitedBy} invited you to {site.name}
        {cohortName ? `, in ${cohortName}` : ''}.
        {fullAccess
          ? ' Every step of the FrontEnd course is open to you, including JavaScript, React and the graduation lecture.'
          : ' The free steps of the FrontEnd course are open to you.'}
      </Paragraph>
      <Paragraph>
        Sign in with Google using this e-mail address: your account is ready the moment you do.
      </Paragraph>
      <ActionButton href={loginUrl}>Sign in</ActionButton>
      <Paragraph>
        Questions? Write to <TextLink href={site.email.href}>{site.email.display}</TextLink>.
      </Paragraph>
    </EmailLayout>
  );
}
