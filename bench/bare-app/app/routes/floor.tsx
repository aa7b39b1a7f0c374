import { use } from 'react';
import { FloorPageContext } from '../floor-page';

/** Any other URL: the body of the site's page captured for it (decision 055), if any. */
export default function Floor() {
  const page = use(FloorPageContext);
  return page ? page.body : <p>No page was captured for this address.</p>;
}
