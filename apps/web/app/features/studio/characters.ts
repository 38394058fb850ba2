import '~/locales/app-studio';
import { getStudioModel } from '@kadr/catalog';
import type { LibraryElement } from '@kadr/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { characterParam, listElements } from '~/features/generations/elements/api';
import type { ReusableSettings } from '~/features/generations/handoff';
import { queryKeys } from '~/features/generations/query-keys';
import { withTexts } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import type { StudioAction } from './studio-state';

// The person's trained characters in the studio (issue #47): offered as their own models, once
// per character, to them only. What every studio visit runs is here — the library's list, which
// says whether there are any; their cards and their model's entry (the catalogue by id, which
// the studio's first load does not carry: ADR 042) load only for someone who has one
// (components/character-models.tsx).

/** The characters a training taught, in the library's order: each is a model of the person's. */
function trainedOf(items: readonly LibraryElement[]): LibraryElement[] {
  // `?? null`: a list kept on the device by an older build has no such field.
  return items.filter((element) => !element.archived && (element.trained_model ?? null) !== null);
}

/**
 * The person's trained characters, from the library's list (persisted, so a return to the
 * studio shows them at once); `confirmed` once the server has answered on this visit, so that a
 * character missing from it is really gone.
 */
export function useTrainedCharacters() {
  const library = useQuery({
    queryKey: queryKeys.elements.list(false),
    queryFn: ({ signal }) => listElements(false, signal),
  });
  return {
    characters: trainedOf(library.data ?? []),
    library: library.data,
    confirmed: library.isFetchedAfterMount && !library.isFetching,
  };
}

type CharacterModule = typeof import('./components/character-models');

let loaded: CharacterModule | undefined;

/** The characters' cards and their model's entry, with their texts in the interface's language. */
function loadCharacterModels(): Promise<CharacterModule> {
  return withTexts(import('./components/character-models')).then((module) => {
    loaded = module;
    return module;
  });
}

/** That code once `wanted` (the person has a trained character); null until it is in. */
export function useCharacterModule(wanted: boolean): CharacterModule | null {
  const [module, setModule] = useState<CharacterModule | null>(loaded ?? null);
  useEffect(() => {
    if (!wanted || module) return;
    let active = true;
    loadCharacterModels().then(
      (next) => {
        if (active) setModule(next);
      },
      // Tried again on the next render that wants it; the studio's own models stay offered.
      (failure: unknown) => console.warn(failure instanceof Error ? failure.message : failure),
    );
    return () => {
      active = false;
    };
  }, [wanted, module]);
  return module;
}

/** A result made with a trained character, to run again: not a studio model, one element. */
function isCharacterReuse(settings: ReusableSettings): boolean {
  return getStudioModel(settings.model) === undefined && settings.elements?.length === 1;
}

/** A character to choose once the library says it is there: from the address or a reuse. */
type Pending = { element: string; settings?: ReusableSettings };

/**
 * Chooses a trained character asked for from outside the form: the address's
 * `?character=<elementId>` (the library's "Generate with…", dropped from the address once read),
 * or "Reuse settings" of a result made with one (`take`, which answers whether it was such a
 * reuse). The character is chosen once the library's list has it; one that is gone (deleted,
 * archived, never trained) is said so, a reuse's prompt kept.
 */
export function useCharacterHandoff(dispatch: (action: StudioAction) => void) {
  const { t } = useTranslation('app');
  const [search, setSearch] = useSearchParams();
  const asked = search.get(characterParam);
  const [pending, setPending] = useState<Pending | null>(null);
  const { library, confirmed } = useTrainedCharacters();

  useEffect(() => {
    if (asked === null) return;
    if (asked !== '') setPending({ element: asked });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(characterParam);
        return next;
      },
      { replace: true },
    );
  }, [asked, setSearch]);

  useEffect(() => {
    if (!pending) return;
    const element = (library ?? []).find((item) => item.id === pending.element);
    const known = element !== undefined && trainedOf([element]).length > 0;
    // Not found yet: the list kept on the device may be older than the character.
    if (!known && !confirmed) return;
    let active = true;
    loadCharacterModels().then(
      (module) => {
        if (!active) return;
        setPending(null);
        const model = element && known ? module.trainedModelOf(element) : undefined;
        if (element && model) {
          const character = { element: element.id, model };
          dispatch(
            pending.settings
              ? { type: 'reuse', settings: pending.settings, character }
              : { type: 'character', character },
          );
          return;
        }
        module.sayCharacterGone(t, pending.settings !== undefined);
        if (pending.settings) dispatch({ type: 'prompt', prompt: pending.settings.prompt });
      },
      (failure: unknown) => {
        if (!active) return;
        console.warn(failure instanceof Error ? failure.message : failure);
        setPending(null);
        toast.error(t('studio.loadFailed'));
      },
    );
    return () => {
      active = false;
    };
  }, [pending, library, confirmed, dispatch, t]);

  const take = useCallback((settings: ReusableSettings): boolean => {
    const element = settings.elements?.[0];
    if (!isCharacterReuse(settings) || typeof element !== 'string') return false;
    setPending({ element, settings });
    return true;
  }, []);
  return { take };
}
