import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { Viewer } from './viewer';

/** SPEC §3: kept in local storage and synchronised across tabs. */
export interface PersistedAuthState {
  isLoggedIn: boolean;
  username: string;
  /** True once the server has confirmed a user record for this browser's session. */
  userExists: boolean;
  userID: string;
}

export const DEFAULT_AUTH_STATE: PersistedAuthState = {
  isLoggedIn: false,
  username: '',
  userExists: false,
  userID: '',
};

const KEYS = Object.keys(DEFAULT_AUTH_STATE) as (keyof PersistedAuthState)[];

export function authStateFromViewer(
  viewer: Pick<Viewer, 'id' | 'name' | 'access'> | null,
): PersistedAuthState {
  return viewer
    ? { isLoggedIn: true, username: viewer.name, userExists: true, userID: viewer.id }
    : DEFAULT_AUTH_STATE;
}

export function readPersistedAuthState(storage: Storage): PersistedAuthState {
  const state = { ...DEFAULT_AUTH_STATE } as Record<string, unknown>;
  for (const key of KEYS) {
    try {
      const raw = storage.getItem(key);
      const value: unknown = raw === null ? undefined : JSON.parse(raw);
      if (typeof value === typeof DEFAULT_AUTH_STATE[key]) state[key] = value;
    } catch {
      // A hand-edited or foreign value falls back to the default.
    }
  }
  return state as unknown as PersistedAuthState;
}

/** Writes only the keys that changed, so other tabs hear about real changes only. */
export function writePersistedAuthState(storage: Storage, state: PersistedAuthState): void {
  for (const key of KEYS) {
    const value = JSON.stringify(state[key]);
    if (storage.getItem(key) !== value) storage.setItem(key, value);
  }
}

/**
 * Keeps local storage in step with what the server said on this navigation, and when
 * another tab signs in or out, asks the server again so this tab's header follows.
 */
export function useAuthStateSync(viewer: Viewer | null): void {
  const { revalidate } = useRevalidator();
  const id = viewer?.id;
  const name = viewer?.name;
  const access = viewer?.access;

  useEffect(() => {
    const current = id && name && access ? { id, name, access } : null;
    writePersistedAuthState(window.localStorage, authStateFromViewer(current));
  }, [id, name, access]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'isLoggedIn' || event.key === 'userID' || event.key === null) {
        void revalidate();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [revalidate]);
}
