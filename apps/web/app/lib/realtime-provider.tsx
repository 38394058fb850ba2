import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { markOnline } from './connection';
import { modelsQueryRoot } from './query-client';
import { connectRealtime } from './realtime';
import { isUser, useSession } from './session';

type Listener = (data: unknown) => void;
type Listeners = { generation: Set<Listener>; payment: Set<Listener>; user: Set<Listener> };

export type Realtime = {
  /** Whether the stream is live; screens poll instead while it is not. */
  connected: boolean;
  /** Calls `listener` with every `generation` event's data (unchecked); returns the unsubscribe. */
  subscribeGenerations: (listener: Listener) => () => void;
  /** Calls `listener` with every `payment` event's data (unchecked); returns the unsubscribe. */
  subscribePayments: (listener: Listener) => () => void;
  /** Calls `listener` after every `user` event (the balance may have moved); returns the unsubscribe. */
  subscribeUsers: (listener: Listener) => () => void;
};

const RealtimeContext = createContext<Realtime | null>(null);

/**
 * Keeps the signed-in user's realtime stream open while mounted (the signed-in layout): `user`
 * events replace the session user, so the balance changes live in every open tab; a `models` event
 * (a model switched off or on in the console) makes every list of the models on offer ask the
 * server again at once, and so does a stream that comes back after a drop (a switch may have
 * happened meanwhile). Screens that read the list follow it (`useOfferedModels`).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { status, setUser, revalidate } = useSession();
  const client = useQueryClient();
  // Not while the cached user stands in: the server has not yet said the session is alive.
  const authenticated = status === 'authenticated';
  const [connected, setConnected] = useState(false);
  const listeners = useRef<Listeners>({
    generation: new Set(),
    payment: new Set(),
    user: new Set(),
  });

  useEffect(() => {
    if (!authenticated) return;
    const refetchModels = () => void client.invalidateQueries({ queryKey: [modelsQueryRoot] });
    let dropped = false;
    return connectRealtime({
      onUser: (user) => {
        if (!isUser(user)) {
          console.warn('Realtime: unexpected user event', user);
          return;
        }
        setUser(user);
        for (const listener of listeners.current.user) listener(user);
      },
      onGeneration: (generation) => {
        for (const listener of listeners.current.generation) listener(generation);
      },
      onPayment: (payment) => {
        for (const listener of listeners.current.payment) listener(payment);
      },
      onModels: refetchModels,
      onConnectedChange: (live) => {
        // A stream that opens has been answered by the server, the database included.
        if (live) markOnline();
        if (live && dropped) refetchModels();
        if (!live) dropped = true;
        setConnected(live);
      },
      // The session may have ended meanwhile (e.g. logout in another tab): then the layout
      // sends the person to /login instead.
      beforeReconnect: revalidate,
    });
  }, [authenticated, setUser, revalidate, client]);

  // Stable for the provider's life, so subscribers' effects do not run again on reconnection.
  const subscribers = useMemo(() => {
    const subscribe = (event: keyof Listeners) => (listener: Listener) => {
      listeners.current[event].add(listener);
      return () => {
        listeners.current[event].delete(listener);
      };
    };
    return {
      subscribeGenerations: subscribe('generation'),
      subscribePayments: subscribe('payment'),
      subscribeUsers: subscribe('user'),
    };
  }, []);

  const realtime = useMemo(() => ({ connected, ...subscribers }), [connected, subscribers]);
  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime must be used inside <RealtimeProvider>');
  return realtime;
}
