import '~/locales/app-characters';
import '~/locales/app-studio';
import { estimateDraft, getModel, type ModelDefinition, type ModelType } from '@kadr/catalog';
import type { LibraryElement } from '@kadr/contract';
import type { TFunction } from 'i18next';
import { UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import type { ChosenCharacter } from '../studio-state';
import { modelCardClass } from './model-card';

// Loaded on demand (../characters.ts): the person's trained characters as models of their own,
// and the catalogue by id that finds the model that runs them — neither is in the studio's first
// load (ADR 042).

/** The model that runs a trained character, when the catalogue has it and it takes its kind. */
export function trainedModelOf(element: LibraryElement): ModelDefinition | undefined {
  const id = element.trained_model ?? null;
  const model = id === null ? undefined : getModel(id);
  return model?.trained?.kinds.includes(element.kind) ? model : undefined;
}

/** A character asked for (by the library's link, or a result's reuse) that is not there. */
export function sayCharacterGone(t: TFunction<'app'>, reused: boolean): void {
  toast.info(t(reused ? 'characters.goneReuse' : 'characters.gone'));
}

export type CharacterModelsProps = {
  type: ModelType;
  characters: readonly LibraryElement[];
  /** The server's list has been read on this visit. */
  confirmed: boolean;
  /** The chosen character's element, or null. */
  selected: string | null;
  onSelect: (character: ChosenCharacter) => void;
  /** The chosen character is no longer there (deleted or archived elsewhere). */
  onGone: () => void;
};

/**
 * "Your characters": each trained character a card of its own among the models — its cover, its
 * name and the model that runs it, priced as any model. The same radio group as the studio's
 * models, so one choice replaces the other.
 */
export function CharacterModels({
  type,
  characters,
  confirmed,
  selected,
  onSelect,
  onGone,
}: CharacterModelsProps) {
  const { t } = useTranslation('app');
  const offered = characters.flatMap((element) => {
    const model = trainedModelOf(element);
    return model && model.type === type ? [{ element, model }] : [];
  });
  const gone =
    selected !== null &&
    confirmed &&
    !characters.some((element) => element.id === selected && trainedModelOf(element));
  useEffect(() => {
    if (!gone) return;
    toast.info(t('characters.gone'));
    onGone();
  }, [gone, onGone, t]);

  if (offered.length === 0) return null;
  return (
    <fieldset className="mt-4 min-w-0" data-character-models="">
      <legend className="mb-2 text-sm font-medium text-fg">{t('characters.title')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
        {offered.map(({ element, model }) => (
          <CharacterCard
            key={element.id}
            element={element}
            model={model}
            checked={element.id === selected}
            onSelect={() => onSelect({ element: element.id, model })}
          />
        ))}
      </div>
    </fieldset>
  );
}

function CharacterCard({
  element,
  model,
  checked,
  onSelect,
}: {
  element: LibraryElement;
  model: ModelDefinition;
  checked: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('app');
  const price = estimateDraft(model, {});
  return (
    <label data-character={element.id} className={modelCardClass(checked)}>
      <input
        type="radio"
        name="model"
        value={`${model.id}:${element.id}`}
        checked={checked}
        onChange={onSelect}
        className="sr-only"
      />
      {element.cover ? (
        <img
          src={element.cover.url}
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover object-[center_30%]"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-accent/30 via-surface-raised to-surface"
        >
          <UserRound className="size-6 text-accent-soft" />
        </div>
      )}
      <span className="flex flex-1 flex-col gap-1 p-2.5">
        <span className="truncate text-sm font-medium text-fg">{element.name}</span>
        <span className="text-xs text-fg-muted">{model.name}</span>
        <span className="mt-auto pt-1 text-xs text-fg-muted tabular-nums">
          {price !== null ? `${t('generation.cost', { count: price })} · ` : null}
          {t('studio.modelTime', model.typicalSeconds)}
        </span>
      </span>
    </label>
  );
}
