import type { Track } from '~/db/schema';
import { ActionButton, Paragraph, useSiteUrl } from './email-layout';

/**
 * What a first payment or an approved transfer opened, named by the track bought (decision 047),
 * and the way in. A message queued before the track was sent says FrontEnd, as it did.
 */
export function CourseUnlocked({ track = 'frontend' }: { track?: Track }) {
  const fullstack = track === 'fullstack';
  const courseUrl = useSiteUrl(fullstack ? '/fsd/home' : '/fed/home');
  return (
    <>
      <Paragraph>
        {fullstack
          ? 'Your FullStack Developer Bootcamp is open to you now: every FrontEnd step, then Node.js, Express, MongoDB, authentication, the full-stack project and deployment.'
          : 'Every step of the FrontEnd course is open to you now, including the CSS framework, JavaScript, React and the graduation lecture.'}
      </Paragraph>
      <ActionButton href={courseUrl}>Start learning</ActionButton>
    </>
  );
}
