import type { LibraryElement } from '@kadr/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { listElements } from '~/features/generations/elements/api';
import { queryKeys } from '~/features/generations/query-keys';
import { getElement } from './api';
import { isTrainingRunning, trainingOf } from './training';

/** How often an open element is read while its training runs (it takes minutes). */
const trainingPollMs = 3_000;
/** How often the list is, while one of its characters is being trained (for its card's badge). */
const listPollMs = 15_000;

/** The person's elements in use, or the archived ones (`archived`), latest changed first. */
export function useElements(archived: boolean) {
  return useQuery({
    queryKey: queryKeys.elements.list(archived),
    queryFn: ({ signal }) => listElements(archived, signal),
    refetchInterval: (query) =>
      query.state.data?.some((item) => isTrainingRunning(trainingOf(item))) ? listPollMs : false,
  });
}

/** The element as a list already has it, while its own read is on its way. */
function listed(client: QueryClient, id: string): LibraryElement | undefined {
  for (const archived of [false, true]) {
    const items = client.getQueryData<LibraryElement[]>(queryKeys.elements.list(archived));
    const found = items?.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

function newer(known: LibraryElement | undefined, read: LibraryElement): LibraryElement {
  return known && known.id === read.id && known.updated > read.updated ? known : read;
}

/**
 * One element, shown at once from the list it was opened from; read while it is `open`, and
 * again every few seconds while its character's training runs.
 */
export function useElement(id: string, open: boolean, client: QueryClient) {
  return useQuery({
    queryKey: queryKeys.elements.one(id),
    queryFn: ({ signal }) => getElement(id, signal),
    // A read that set out before a change was answered lands after it: the newer one stays.
    structuralSharing: (known: unknown, read: unknown) =>
      newer(known as LibraryElement | undefined, read as LibraryElement),
    // Not while its dialog closes: a deleted element's read would be a 404.
    enabled: open && id !== '',
    initialData: () => listed(client, id),
    retry: false,
    refetchInterval: (query) =>
      query.state.data && isTrainingRunning(trainingOf(query.state.data)) ? trainingPollMs : false,
  });
}

/**
 * An element as the server answered a change of it: shown at once in its own entry and in the
 * list that holds it; the lists are read again (an element archived or brought back moves).
 */
export function remember(client: QueryClient, element: LibraryElement): void {
  client.setQueryData(queryKeys.elements.one(element.id), element);
  client.setQueryData<LibraryElement[]>(queryKeys.elements.list(element.archived), (items) =>
    items?.map((item) => (item.id === element.id ? element : item)),
  );
  void client.invalidateQueries({ queryKey: [...queryKeys.elements.all, 'list'] });
}

/**
 * An element deleted: gone from the lists at once (its own entry stays for its dialog, closing,
 * to show; it is read no more), and the lists read again.
 */
export function forget(client: QueryClient, id: string): void {
  for (const archived of [false, true]) {
    client.setQueryData<LibraryElement[]>(queryKeys.elements.list(archived), (items) =>
      items?.filter((item) => item.id !== id),
    );
  }
  void client.invalidateQueries({ queryKey: [...queryKeys.elements.all, 'list'] });
}
