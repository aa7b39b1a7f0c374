import { site } from '~/content/site';
import type { Track } from '~/db/schema';
import { ActionButton, EmailLayout, Paragraph, TextLink, useSiteUrl } from './email-layout';

export const INVITATION_SUBJECT = `You are invited to ${site.name}`;

export interface InvitationEmailProps {
  /** Who invited them, e.g. "Ada Admin". */
  invitedBy: string;
  /** True when the invitation opens every step of the FrontEnd course. */
  fullAccess: boolean;
  /** The cohort's name, or null for none. */
  cohortName: string | null;
  /** The track a Level 1 invitation opens; FrontEnd in messages queued before decision 047. */
  track?: Track;
}

/** An admin enrolled this address: sign in with it (Google) and the course is set up. */
export function InvitationEmail({
  invitedBy,
  fullAccess,
  cohortName,
  track,
}: InvitationEmailProps) {
  const loginUrl = useSiteUrl('/login');
  return (
    <EmailLayout
      heading={`You are invited to ${site.name}`}
      preview={`${invitedBy} enrolled this address${cohortName ? ` in ${cohortName}` : ''}.`}
    >
      <Paragraph>
        {invitedBy} invited you to {site.name}
        {cohortName ? `, in ${cohortName}` : ''}.
        {!fullAccess
          ? ' The free steps of the FrontEnd course are open to you.'
          : track === 'fullstack'
            ? ' The FullStack Developer Bootcamp is open to you: every FrontEnd step, then Node.js, Express, MongoDB and the full-stack project.'
            : ' Every step of the FrontEnd course is open to you, including JavaScript, React and the graduation lecture.'}
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
