import '~/locales/app-studio';
import type { ModelDefinition } from '@kadr/catalog';
import type { LibraryElement } from '@kadr/contract';
import { useQuery } from '@tanstack/react-query';
import { UserRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import { onDemand } from '~/components/on-demand';
import { Button } from '~/components/ui/button';
import { listElements } from '~/features/generations/elements/api';
import { queryKeys } from '~/features/generations/query-keys';
import { useTranslation } from '~/lib/use-translation';
import type { ReferenceChooserProps } from './reference-chooser';

/** The library's list to choose from: its code, and the person's elements, when first opened. */
const ReferenceChooser = onDemand<ReferenceChooserProps>(
  () => import('./reference-chooser').then((module) => module.ReferenceChooser),
  (props) => props.open,
);

/**
 * The characters and products a model that takes references is given (issue #47): the chosen ones
 * as chips, and a button that opens the library to choose up to the model's own limit. Shown only
 * for such a model; the library's list is the one the model picker reads for the person's trained
 * characters (../characters.ts), read afresh when the chooser opens.
 */
export function ReferencePicker({
  model,
  selected,
  error,
  onChange,
}: {
  model: ModelDefinition;
  selected: readonly string[];
  error?: string | undefined;
  onChange: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation('app');
  const ids = useId();
  const [open, setOpen] = useState(false);
  const support = model.references;
  const library = useQuery({
    queryKey: queryKeys.elements.list(false),
    queryFn: ({ signal }) => listElements(false, signal),
    // For the chips; the chooser reads the library afresh each time it opens.
    enabled: support !== undefined && selected.length > 0,
  });
  if (!support) return null;
  const byId = new Map((library.data ?? []).map((element) => [element.id, element]));
  const chosen = selected
    .map((id) => byId.get(id))
    .filter((element): element is LibraryElement => element !== undefined);

  return (
    <fieldset aria-describedby={`${ids}-hint`} className="min-w-0">
      <legend className="mb-1.5 flex w-full items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-fg">{t('studio.references.label')}</span>
        <span className="text-xs font-normal text-fg-muted tabular-nums">
          {t('studio.references.limit', { count: support.max })}
        </span>
      </legend>
      <p id={`${ids}-hint`} className="mb-2 text-xs text-fg-muted">
        {t('studio.references.hint')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {chosen.map((element) => (
          <span
            key={element.id}
            data-reference={element.id}
            className="inline-flex h-10 max-w-full items-center gap-2 rounded-full border border-line bg-surface pr-1 pl-1"
          >
            {element.cover ? (
              <img src={element.cover.url} alt="" className="size-8 rounded-full object-cover" />
            ) : (
              <UserRound aria-hidden="true" className="size-8 rounded-full bg-line p-1.5" />
            )}
            <span className="max-w-40 truncate text-sm text-fg">{element.name}</span>
            <button
              type="button"
              onClick={() => onChange(selected.filter((id) => id !== element.id))}
              aria-label={t('studio.references.remove', { name: element.name })}
              className="inline-flex size-8 items-center justify-center rounded-full text-fg-muted hover:bg-line hover:text-fg"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </span>
        ))}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <UserRound aria-hidden="true" />
          {selected.length > 0 ? t('studio.references.change') : t('studio.references.choose')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-300">
          {error}
        </p>
      ) : null}
      <ReferenceChooser
        open={open}
        model={model}
        selected={selected}
        onClose={() => setOpen(false)}
        onChange={onChange}
      />
    </fieldset>
  );
}
