import { SESSION_STORAGE_KEY, type StoredSession } from '@nubes/domain';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionStore } from './sessionStore';

const SessionContext = createContext<SessionStore | null>(null);

export interface SessionProviderProps {
  store: SessionStore;
  children: ReactNode;
}

/** Makes the session store available to components and keeps tabs in sync through storage events. */
export const SessionProvider = ({ store, children }: SessionProviderProps) => {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key null = storage cleared in another tab.
      if (event.key === null || event.key === SESSION_STORAGE_KEY) store.check();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
};

export const useSessionStore = (): SessionStore => {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore needs a <SessionProvider> above it.');
  return store;
};

export interface SessionState {
  session: StoredSession | null;
  isLoggedIn: boolean;
  roles: readonly string[];
  store: SessionStore;
}

const NO_ROLES: readonly string[] = [];

/** The current session (re-renders when it changes) and the store for login/logout actions. */
export const useSession = (): SessionState => {
  const store = useSessionStore();
  const session = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { session, isLoggedIn: session !== null, roles: session?.roles ?? NO_ROLES, store };
};
