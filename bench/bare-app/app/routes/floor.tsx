import { floorPage } from '../floor-page';

/** Any other URL: the body of the site's page captured for it (decision 055), if any. */
export default function Floor() {
  return floorPage()?.body ?? <p>No page was captured for this address.</p>;
}
