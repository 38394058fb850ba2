import type { Currency } from '@kadr/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '~/features/generations/query-keys';
import { listPackages } from './api';

/** The token packages of a currency, named in the interface language. */
export function usePackages(currency: Currency, language: string) {
  return useQuery({
    queryKey: queryKeys.packages(currency, language),
    queryFn: ({ signal }) => listPackages(currency, language, signal),
    staleTime: Infinity,
  });
}
