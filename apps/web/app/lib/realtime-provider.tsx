import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { connectRealtime } from './realtime';
import { isUser, useSession } from './session';

type GenerationListener = (generation: unknown) => void;

export type Realtime = {
  /** Whether the stream is live; screens poll instead while it is not. */
  connected: boolean;
  /** Calls `listener` with every `generation` event's data (unchecked); returns the unsubscribe. */
  subscribeGenerations: (listener: GenerationListener) => () => void;
};

const RealtimeContext = createContext<Realtime | null>(null);

/**
 * Keeps the signed-in user's realtime stream open while mounted (the signed-in layout): `user`
 * events replace the session user, so the balance changes live in every open tab.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { status, setUser, revalidate } = useSession();
  // Not while the cached user stands in: the server has not yet said the session is alive.
  const authenticated = status === 'authenticated';
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<GenerationListener>());

  useEffect(() => {
    if (!authenticated) return;
    return connectRealtime({
      onUser: (user) => {
        if (isUser(user)) setUser(user);
        else console.warn('Realtime: unexpected user event', user);
      },
      onGeneration: (generation) => {
        for (const listener of listeners.current) listener(generation);
      },
      onConnectedChange: setConnected,
      // The session may have ended meanwhile (e.g. logout in another tab): then the layout
      // sends the person to /login instead.
      beforeReconnect: revalidate,
    });
  }, [authenticated, setUser, revalidate]);

  const subscribeGenerations = useCallback((listener: GenerationListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const realtime = useMemo(
    () => ({ connected, subscribeGenerations }),
    [connected, subscribeGenerations],
  );
  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime must be used inside <RealtimeProvider>');
  return realtime;
}
