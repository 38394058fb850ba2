import type { GenerationRecord } from '@kadr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { queryKeys } from '../query-keys';
import { cancelGeneration } from './run-api';

/**
 * Cancelling one running generation from its panel (the studio's, the tools page's): the record
 * the server answers goes into the cache, and `canceledHere` remembers that this person asked, so
 * the panel tells the end as a cancel rather than a failure. `onFailed` says that it did not work.
 */
export function useCancelRun(id: string, onFailed: () => void) {
  const client = useQueryClient();
  const canceledHere = useRef(false);
  const cancel = useMutation({
    mutationFn: () => cancelGeneration(id),
    onMutate: () => {
      canceledHere.current = true;
    },
    onSuccess: (updated: GenerationRecord) => {
      client.setQueryData(queryKeys.request(updated.id), updated);
    },
    onError: (failure) => {
      canceledHere.current = false;
      console.warn(failure.message);
      onFailed();
    },
  });
  return { cancel, canceledHere };
}
