import type { Access } from '~/db/schema';

/** What the browser may know about the person signed in: never e-mail or session data. */
export interface Viewer {
  id: string;
  name: string;
  access: Access;
  /** Whether the FullStack area is open to them (the header's FullStack link). */
  readsFullstack: boolean;
}
