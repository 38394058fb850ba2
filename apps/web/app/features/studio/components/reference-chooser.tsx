import '~/locales/app-studio';
import type { ModelDefinition } from '@kadr/catalog';
import { paths } from '@kadr/contract';
import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { listElements } from '~/features/generations/elements/api';
import { queryKeys } from '~/features/generations/query-keys';
import { useTranslation } from '~/lib/use-translation';

export type ReferenceChooserProps = {
  open: boolean;
  model: ModelDefinition;
  selected: readonly string[];
  onClose: () => void;
  onChange: (ids: readonly string[]) => void;
};

/**
 * The person's library as checkboxes (reference-picker.tsx): only the kinds the model takes, and
 * no more than its limit — once it is reached, the others wait until one is unchecked.
 */
export function ReferenceChooser({
  open,
  model,
  selected,
  onClose,
  onChange,
}: ReferenceChooserProps) {
  const { t } = useTranslation('app');
  const library = useQuery({
    queryKey: queryKeys.elements.list(false),
    queryFn: ({ signal }) => listElements(false, signal),
    // Afresh each time it opens (an element made a moment ago elsewhere is there), showing what
    // was read before meanwhile.
    refetchOnMount: 'always',
  });
  const max = model.references?.max ?? 0;
  const kinds = model.references?.kinds ?? [];
  const offered = (library.data ?? []).filter((element) => kinds.includes(element.kind));
  const full = selected.length >= max;
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((each) => each !== id));

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? null : onClose())}
      title={t('studio.references.dialog.title')}
      description={t('studio.references.dialog.text', { count: max, model: model.name })}
      closeLabel={t('studio.references.dialog.close')}
    >
      {library.isPending || (library.isFetching && offered.length === 0) ? (
        <p className="mt-4 text-sm text-fg-muted">{t('studio.references.dialog.loading')}</p>
      ) : library.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-300">
          {t('studio.references.dialog.failed')}
        </p>
      ) : offered.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-line p-4 text-sm text-fg-muted">
          <p>{t('studio.references.dialog.empty')}</p>
          <Link
            to={paths.elements}
            className="mt-2 inline-block font-medium text-accent-soft underline-offset-4 hover:underline"
          >
            {t('studio.references.dialog.create')}
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid max-h-[50vh] grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3">
          {offered.map((element) => {
            const checked = selected.includes(element.id);
            return (
              <li key={element.id}>
                <label
                  data-choice={element.id}
                  className="flex cursor-pointer flex-col gap-1 rounded-xl border border-line p-2 has-checked:border-accent has-disabled:cursor-not-allowed has-disabled:opacity-50"
                >
                  <span className="relative block aspect-square overflow-hidden rounded-lg bg-surface">
                    {element.cover ? (
                      <img
                        src={element.cover.url}
                        alt=""
                        loading="lazy"
                        className="size-full object-cover"
                      />
                    ) : (
                      <ImageOff aria-hidden="true" className="m-auto size-5 text-fg-muted" />
                    )}
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(event) => toggle(element.id, event.currentTarget.checked)}
                      className="absolute top-2 left-2 size-5 accent-accent"
                    />
                  </span>
                  <span className="truncate text-sm font-medium text-fg">{element.name}</span>
                  <span className="truncate text-xs text-fg-muted">
                    {t(`studio.references.dialog.kind.${element.kind}`)} ·{' '}
                    {t('studio.references.dialog.pictures', { count: element.pictures.length })}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-fg-muted" aria-live="polite">
          {full && offered.length > 0
            ? t('studio.references.dialog.full')
            : t('studio.references.dialog.chosen', { count: selected.length, max })}
        </p>
        <div className="flex items-center gap-3">
          {offered.length > 0 ? (
            <Link
              to={paths.elements}
              className="text-sm text-accent-soft underline-offset-4 hover:underline"
            >
              {t('studio.references.dialog.library')}
            </Link>
          ) : null}
          <Button type="button" onClick={onClose}>
            {t('studio.references.dialog.done')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
