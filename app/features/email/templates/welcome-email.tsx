import { site } from '~/content/site';
import {
  ActionButton,
  BulletList,
  EmailLayout,
  Paragraph,
  TextLink,
  useSiteUrl,
} from './email-layout';

export const WELCOME_SUBJECT = `Welcome to ${site.name}`;

/** Sent once, when a person's account is created at their first sign-in. */
export function WelcomeEmail({ name }: { name: string }) {
  const courseUrl = useSiteUrl('/fed/home');
  const enrolUrl = useSiteUrl('/enroll');
  return (
    <EmailLayout
      heading={`Welcome, ${name}`}
      preview="Your account is ready: start the free steps of the FrontEnd course today."
    >
      <Paragraph>Your {site.name} account is ready. Here is what you can do now:</Paragraph>
      <BulletList
        items={[
          'Read the introduction and the first three steps of the FrontEnd course: the roadmap, HTML and CSS, and the HTML and CSS projects.',
          'Enroll in a plan to unlock the rest: CSS framework, JavaScript, JavaScript projects, React and the graduation lecture, with live classes and mentorship.',
        ]}
      />
      <ActionButton href={courseUrl}>Start the course</ActionButton>
      <Paragraph>
        Ready to enroll? <TextLink href={enrolUrl}>Compare the plans</TextLink>: pay by card, in one
        payment or in three monthly installments, or by bank transfer from Nigeria.
      </Paragraph>
      <Paragraph>
        Questions? Reply to this e-mail or write to{' '}
        <TextLink href={site.email.href}>{site.email.display}</TextLink>. We answer within{' '}
        {site.followUpHours} hours.
      </Paragraph>
    </EmailLayout>
  );
}
