import '~/locales/app-studio';
import { estimateDraft, getStudioModel, type ModelDefinition, type ModelType } from '@kadr/catalog';
import { Clapperboard } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useOfferedModels } from '~/features/generations/run/offered-models';
import { currentLanguage } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { useCharacterModule, useTrainedCharacters } from '../characters';
import type { ChosenCharacter } from '../studio-state';
import { modelCardClass } from './model-card';

/**
 * The models of a tab as cards (image models with their demo picture). The catalogue paints them
 * at once; the server's list, when it arrives, decides which are offered and in what order (a
 * model an operator switched off is not, and a selection of it moves to the first on offer).
 * Below them, for someone who trained characters, each of theirs as a model of its own (its
 * cards' code loads only then: ../characters.ts).
 */
export function ModelPicker({
  type,
  selected,
  character,
  onSelect,
  onSelectCharacter,
}: {
  type: ModelType;
  selected: string;
  /** The chosen trained character's element, or null when `selected` is one of the studio's. */
  character: string | null;
  onSelect: (id: string) => void;
  onSelectCharacter: (character: ChosenCharacter) => void;
}) {
  const { t } = useTranslation('app');
  const { items, confirmed } = useOfferedModels(type);
  const trained = useTrainedCharacters();
  const characters = useCharacterModule(trained.characters.length > 0 || character !== null);
  const offered = items
    .map((item) => getStudioModel(item.id))
    .filter((model): model is ModelDefinition => model !== undefined && !model.pricingOnly);
  // The chosen model was switched off (or the default is): choose the first one on offer. When it
  // was on offer on this page a moment ago, the person chose it: say calmly what changed.
  const first = offered[0]?.id;
  const gone =
    confirmed &&
    first !== undefined &&
    character === null &&
    !offered.some((model) => model.id === selected);
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (gone) {
      if (seen.current.has(selected)) {
        toast.info(
          t('studio.modelOff', {
            name: getStudioModel(selected)?.name ?? selected,
            next: getStudioModel(first)?.name ?? first,
          }),
        );
      }
      onSelect(first);
    }
    if (confirmed) seen.current = new Set(offered.map((model) => model.id));
  });
  // The chosen character is gone (deleted or archived elsewhere): back to the first on offer.
  const leaveCharacter = useCallback(() => {
    if (first !== undefined) onSelect(first);
  }, [first, onSelect]);

  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-fg">{t('studio.models')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
        {offered.map((model, index) => (
          <ModelCard
            key={model.id}
            model={model}
            firstRow={index < firstRowMax}
            checked={character === null && model.id === selected}
            onSelect={() => onSelect(model.id)}
          />
        ))}
      </div>
      {characters ? (
        <characters.CharacterModels
          type={type}
          characters={trained.characters}
          confirmed={trained.confirmed}
          selected={character}
          onSelect={onSelectCharacter}
          onGone={leaveCharacter}
        />
      ) : null}
    </fieldset>
  );
}

/** The most cards a row holds (three from `sm`): the first row is in view when the studio opens. */
const firstRowMax = 3;

function ModelCard({
  model,
  firstRow,
  checked,
  onSelect,
}: {
  model: ModelDefinition;
  /** In view at once: its picture is the screen's largest paint, so it is fetched first, not lazily. */
  firstRow: boolean;
  checked: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  const price = estimateDraft(model, {});
  // A talking character's price follows its recording: its rate a second says it.
  const rate =
    model.speech && model.price.kind === 'per-second' ? model.price.tokensPerSecond : null;
  const demo = model.demoImages[0];
  return (
    <label className={modelCardClass(checked)}>
      <input
        type="radio"
        name="model"
        value={model.id}
        checked={checked}
        onChange={onSelect}
        className="sr-only"
      />
      {demo ? (
        <picture>
          {demo.endsWith('.webp') ? (
            <source srcSet={demo.replace(/\.webp$/, '.avif')} type="image/avif" />
          ) : null}
          <img
            src={demo}
            alt=""
            width={320}
            height={180}
            loading={firstRow ? 'eager' : 'lazy'}
            fetchPriority={firstRow ? 'high' : 'auto'}
            decoding="async"
            className="aspect-video w-full object-cover"
          />
        </picture>
      ) : (
        <div
          aria-hidden="true"
          className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-accent/30 via-surface-raised to-surface"
        >
          <Clapperboard className="size-6 text-accent-soft" />
        </div>
      )}
      <span className="flex flex-1 flex-col gap-1 p-2.5">
        <span className="text-sm font-medium text-fg">{model.name}</span>
        <span className="line-clamp-2 text-xs text-fg-muted">{model.description[language]}</span>
        <span className="mt-auto pt-1 text-xs text-fg-muted tabular-nums">
          {price !== null ? `${t('generation.cost', { count: price })} · ` : null}
          {rate !== null ? `${t('studio.costPerSecond', { count: rate })} · ` : null}
          {t('studio.modelTime', model.typicalSeconds)}
        </span>
      </span>
    </label>
  );
}
