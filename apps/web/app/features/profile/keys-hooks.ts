import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '~/lib/realtime-provider';
import { keysQueryKeys, listAccountEvents, listApiKeys, listWebhookDeliveries } from './keys-api';

const pendingPollMs = 5_000;

export function useApiKeys() {
  return useQuery({ queryKey: keysQueryKeys.keys, queryFn: ({ signal }) => listApiKeys(signal) });
}

/**
 * One page of the delivery log (`cursor` from the page before; none: the newest). The log shows
 * its pages one under another, each its own read (no infinite query: its code would go to every
 * signed-in screen's shared chunk).
 */
export function useWebhookDeliveries(cursor: string | undefined) {
  return useQuery({
    queryKey: [...keysQueryKeys.deliveries, cursor ?? null],
    queryFn: ({ signal }) => listWebhookDeliveries(cursor, signal),
    // A message waiting for its next attempt changes without an event: look again meanwhile.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? pendingPollMs : false,
  });
}

export function useAccountEvents() {
  return useQuery({
    queryKey: keysQueryKeys.accountEvents,
    queryFn: ({ signal }) => listAccountEvents(signal),
  });
}

/**
 * Keeps the keys' spend and last use, and the delivery log, current while the section is open:
 * a key's generation moves the balance (a `user` event) and ends with a `generation` event, after
 * which its webhook is sent; both read the lists again.
 */
export function useKeysFollowActivity() {
  const client = useQueryClient();
  const { subscribeUsers, subscribeGenerations } = useRealtime();
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: keysQueryKeys.keys });
      void client.invalidateQueries({ queryKey: keysQueryKeys.deliveries });
    };
    const stopUsers = subscribeUsers(refresh);
    const stopGenerations = subscribeGenerations(refresh);
    return () => {
      stopUsers();
      stopGenerations();
    };
  }, [client, subscribeUsers, subscribeGenerations]);
}
