import { useQuery, useQueryClient } from '@tanstack/react-query';
import { freshest } from '../hooks';
import { queryKeys } from '../query-keys';
import { listEdits } from './api';

/**
 * What was made from a finished result (its edits), newest first. `generation` events keep it in
 * step (useGenerationSync): an edit already listed is replaced, a new one makes it read again.
 */
export function useEdits(id: string, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.edits.of(id),
    queryFn: async ({ signal }) => freshest(client, await listEdits(id, signal)),
    enabled,
  });
}
