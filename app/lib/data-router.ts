import { useContext } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';

/**
 * The data router itself, for what must follow its state rather than the last render: React
 * Router hands its changes to React in a transition, so a render shows them late, and not at
 * all when a newer change overtakes one on a busy page. React Router has no public hook for
 * it; this is the one place that reads its context.
 */
export function useDataRouter() {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  if (!dataRouter) throw new Error('useDataRouter must be used inside a data router');
  return dataRouter.router;
}
