import { pollIntervalMs } from '@kadr/catalog';
import type { PaymentRecord } from '@kadr/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNewerPayment, isNotFound } from '~/features/generations/hooks';
import { queryKeys } from '~/features/generations/query-keys';
import { getLedgerPage, getPayment, type LedgerFilter } from './api';

/**
 * One of the person's payments, kept current while it is pending: `payment` events write into it
 * (usePaymentSync), each `user` event reads it again (the credit moved the balance), and it is
 * read every 2 s besides, in case no event comes (the server asks the provider on such reads).
 */
export function usePayment(id: string, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.payment(id),
    queryFn: async ({ signal }) => {
      const fresh = await getPayment(id, signal);
      const current = client.getQueryData<PaymentRecord>(queryKeys.payment(id));
      return current && !isNewerPayment(current, fresh) ? current : fresh;
    },
    enabled,
    staleTime: 0,
    // A 404 (someone else's or an unknown payment) is an answer, not a blip.
    retry: (count, error) => count < 2 && !isNotFound(error),
    // Pending, or not read yet because reads fail: ask again in 2 s.
    refetchInterval: (query) => {
      const { data, error } = query.state;
      if (data) return data.status === 'pending' ? pollIntervalMs : false;
      return error && !isNotFound(error) ? pollIntervalMs : false;
    },
    refetchIntervalInBackground: true,
  });
}

export function useLedgerPage(filter: LedgerFilter) {
  return useQuery({
    queryKey: queryKeys.ledger.page(filter),
    queryFn: ({ signal }) => getLedgerPage(filter, signal),
    placeholderData: keepPreviousData,
  });
}
