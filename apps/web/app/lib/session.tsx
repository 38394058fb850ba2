import { cookieNames, localizedPublicPath, paths, type User } from '@kadr/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ApiError, abandonRequests, apiRequest, isAway } from './api';
import { currentLanguage } from './i18n';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export type Session = {
  status: SessionStatus;
  /** While loading: the user cached on this device (for an instant first paint), if any. */
  user: User | null;
  setUser: (user: User | null) => void;
  /**
   * Asks the server again whether the session is alive (e.g. before the realtime stream
   * reconnects). Resolves false when it has ended; keeps the user when the server cannot tell.
   */
  revalidate: () => Promise<boolean>;
  logout: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

// A hand-written check rather than the contract's zod schema keeps zod out of the landing bundle.
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const user: Record<string, unknown> = { ...value };
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    (typeof user.avatar === 'string' || user.avatar === null) &&
    typeof user.tokens === 'number' &&
    typeof user.verified === 'boolean' &&
    typeof user.created === 'string' &&
    typeof user.updated === 'string'
  );
}

function readCachedUser(): User | null {
  const raw = readStorage(storageKeys.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUser(value) ? value : null;
  } catch {
    return null;
  }
}

function cacheUser(user: User | null): void {
  if (user) writeStorage(storageKeys.user, JSON.stringify(user));
  else removeStorage(storageKeys.user);
}

const retryDelaysMs = [500, 1500];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure worth one more try: a 500. Kadr away (`isAway`) has been waited for already. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500) && !isAway(error);
}

/** Asks the server who is signed in: null means nobody; throws when the server cannot tell. */
async function askServer(): Promise<User | null> {
  // No hint cookie: nobody signed in from this browser, so don't ask (and don't cost a request).
  if (!document.cookie.split('; ').includes(`${cookieNames.signedInHint}=1`)) return null;
  try {
    // Repeatable: it only slides the session, and while Kadr is away it waits for it rather than
    // take the person for signed out (and send them to the sign-in page).
    const body = await apiRequest('/api/auth/refresh', {
      method: 'POST',
      body: {},
      repeatable: true,
    });
    return isUser(body) ? body : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user at startup. A server that cannot answer counts as nobody. */
async function fetchSessionUser(): Promise<User | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await askServer();
    } catch (error) {
      // A restart or a network blip should not sign anyone out: retry a couple of times.
      const delay = retryDelaysMs[attempt];
      if (!isTransient(error) || delay === undefined) {
        console.warn('Session refresh failed', error);
        return null;
      }
      await wait(delay);
    }
  }
}

// One refresh per page load, shared by every mount (StrictMode mounts effects twice in dev).
let refresh: Promise<User | null> | undefined;
function refreshOnce(): Promise<User | null> {
  refresh ??= fetchSessionUser();
  return refresh;
}

/**
 * Starts this page load's one refresh now. The app's first render waits for the screen's code (the
 * SPA loads its route modules before rendering), so root.tsx calls this as soon as it runs in a
 * browser and the server's answer is on its way meanwhile; `SessionProvider` then takes the same one.
 */
export function startSessionRefresh(): void {
  void refreshOnce();
}

type State = { status: SessionStatus; user: User | null };

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading', user: null });

  useEffect(() => {
    let active = true;
    const cached = readCachedUser();
    if (cached) {
      setState((current) =>
        current.status === 'loading' ? { ...current, user: cached } : current,
      );
    }
    void refreshOnce().then((user) => {
      if (!active) return;
      cacheUser(user);
      setState(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
    });
    return () => {
      active = false;
    };
  }, []);

  const setUser = useCallback((user: User | null) => {
    cacheUser(user);
    setState(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
  }, []);

  const revalidate = useCallback(async () => {
    try {
      const user = await askServer();
      setUser(user);
      return user !== null;
    } catch (error) {
      console.warn('Session check failed', error);
      return true;
    }
  }, [setUser]);

  const logout = useCallback(async () => {
    try {
      abandonRequests();
      await apiRequest('/api/auth/logout', { method: 'POST', body: {}, outlivesPage: true });
    } catch (error) {
      console.warn('Logout request failed', error);
    }
    cacheUser(null);
    removeStorage(storageKeys.query);
    // A full page load rather than a client-side navigation: nothing of the signed-in app (query
    // cache, realtime stream) survives in memory, and no signed-in screen's guard sees the session
    // end first and bounces to /login (React renders the router's navigation as a transition, so
    // it can lose that race to a plain state update).
    // The home page in the person's language: reading a page sets the language (ADR 007).
    window.location.assign(localizedPublicPath(paths.home, currentLanguage()));
  }, []);

  const session = useMemo<Session>(
    () => ({ ...state, setUser, revalidate, logout }),
    [state, setUser, revalidate, logout],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The signed-in user, for screens under the signed-in layout (which renders only once there is one). */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser must be used under the signed-in layout');
  return user;
}
