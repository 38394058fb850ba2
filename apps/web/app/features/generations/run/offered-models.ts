import { listModels, type ModelType } from '@kadr/catalog';
import type { ModelListItem } from '@kadr/contract';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '~/lib/i18n';
import { queryKeys } from '../query-keys';
import { listModelsOf } from './run-api';

/**
 * The models of a type on offer now, in the server's order: its list leaves out the ones an
 * operator switched off. Until it answers (and when it cannot), the catalogue's list stands in.
 */
export function useOfferedModels(type: ModelType) {
  const language = currentLanguage();
  const { data, isPlaceholderData } = useQuery({
    queryKey: queryKeys.models(type, language),
    queryFn: ({ signal }) => listModelsOf(type, signal),
    placeholderData: listModels(type).map(
      (model): ModelListItem => ({
        id: model.id,
        name: model.name,
        description: model.description[language],
      }),
    ),
    // A switch reaches an open page at once (the realtime `models` event refetches this, see
    // `RealtimeProvider`) and a reload always asks (the list is never persisted).
    staleTime: 60 * 1000,
  });
  return { items: data ?? [], confirmed: !isPlaceholderData };
}

/** The ids of `useOfferedModels`, to filter catalogue lists by. */
export function useOfferedModelIds(type: ModelType): ReadonlySet<string> {
  const { items } = useOfferedModels(type);
  return new Set(items.map((item) => item.id));
}
