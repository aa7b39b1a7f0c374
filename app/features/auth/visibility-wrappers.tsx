import type { ReactNode } from 'react';
import { useRootData } from '~/lib/root-data';

/** SPEC §6: renders its children only for signed-in people. */
export function SignedIn({ children }: { children: ReactNode }) {
  return useRootData().viewer ? <>{children}</> : null;
}

/** SPEC §6: renders its children only for visitors. */
export function SignedOut({ children }: { children: ReactNode }) {
  return useRootData().viewer ? null : <>{children}</>;
}
