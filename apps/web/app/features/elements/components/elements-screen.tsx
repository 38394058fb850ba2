import '~/locales/app-elements';
import type { ElementKind } from '@kadr/contract';
import { clsx } from 'clsx';
import { Package, Plus, Shapes, UserRound } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { onDemand } from '~/components/on-demand';
import { Button } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';
import { elementsHref, readElementsParams } from '../elements-params';
import { useElements } from '../hooks';
import type { CreateDialog as CreateDialogType } from './create-dialog';
import { ElementCard, ElementCardSkeleton } from './element-card';
import type { ElementEditor as ElementEditorType } from './element-editor';

// The dialogs' code (the form, the uploads, the editor) loads at the first sign of use of the
// page, not with its first paint (ADRs 029, 042).
const CreateDialog = onDemand<ComponentProps<typeof CreateDialogType>>(
  () => import('./create-dialog').then((module) => module.CreateDialog),
  (props) => props.open,
);
const ElementEditor = onDemand<ComponentProps<typeof ElementEditorType>>(
  () => import('./element-editor').then((module) => module.ElementEditor),
  (props) => props.open,
);

const kindFilters = [null, 'character', 'product'] as const;
const skeletonCount = 4;

/**
 * The library of elements (ADR 043): the person's characters and products as cards, one kind or
 * both, in use or archived (the view lives in the address); a new one, or one opened, in a dialog.
 */
export function ElementsScreen() {
  const { t } = useTranslation('app');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const view = readElementsParams(search);
  const list = useElements(view.archived);
  const [creating, setCreating] = useState(false);
  // The element open in the editor; kept while the dialog closes, so its content stays.
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const items = (list.data ?? []).filter((item) => !view.kind || item.kind === view.kind);
  const open = (id: string) => {
    setOpenId(id);
    setEditing(true);
  };

  return (
    <>
      <div className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Segmented
            label={t('elements.filters.label')}
            options={kindFilters.map((kind) => ({
              key: kind ?? 'all',
              text: t(`elements.filters.${kind ?? 'all'}`),
              active: view.kind === kind,
              onSelect: () => void navigate(elementsHref({ ...view, kind })),
            }))}
          />
          <Segmented
            label={t('elements.views.label')}
            options={[false, true].map((archived) => ({
              key: archived ? 'archived' : 'active',
              text: t(`elements.views.${archived ? 'archived' : 'active'}`),
              active: view.archived === archived,
              onSelect: () => void navigate(elementsHref({ ...view, archived })),
            }))}
          />
        </div>
        <Button onClick={() => setCreating(true)} aria-haspopup="dialog">
          <Plus aria-hidden="true" />
          {t('elements.new')}
        </Button>
      </div>

      {list.isPending ? (
        <ul aria-busy="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          <li className="sr-only">{t('elements.loading')}</li>
          {Array.from({ length: skeletonCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={index}>
              <ElementCardSkeleton />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <div role="alert" className="rounded-2xl border border-line p-8 text-center">
          <p className="text-fg">{t('elements.loadFailed')}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void list.refetch()}>
            {t('elements.retry')}
          </Button>
        </div>
      ) : items.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-fg-muted" aria-live="polite" data-elements-count="">
            {t('elements.shown', { count: items.length })}
          </p>
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            data-elements={view.archived ? 'archived' : 'active'}
          >
            {items.map((element) => (
              <li key={element.id} className="min-w-0">
                <ElementCard element={element} onOpen={open} />
              </li>
            ))}
          </ul>
        </>
      ) : view.kind && (list.data?.length ?? 0) > 0 ? (
        <EmptyNote>
          {t(`elements.${view.archived ? 'emptyKindArchived' : 'emptyKind'}.${view.kind}`)}
        </EmptyNote>
      ) : view.archived ? (
        <EmptyNote>{t('elements.emptyArchived')}</EmptyNote>
      ) : (
        <EmptyLibrary onCreate={() => setCreating(true)} />
      )}

      <CreateDialog open={creating} onOpenChange={setCreating} kind={view.kind ?? 'character'} />
      <ElementEditor
        id={openId ?? ''}
        open={editing && openId !== null}
        onOpenChange={setEditing}
      />
    </>
  );
}

function Segmented({
  label,
  options,
}: {
  label: string;
  options: { key: string; text: string; active: boolean; onSelect: () => void }[];
}) {
  return (
    <fieldset className="flex gap-1 rounded-xl border border-line bg-surface p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={option.active}
          onClick={option.onSelect}
          className={clsx(
            'h-9 flex-1 rounded-lg px-4 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none',
            option.active
              ? 'bg-accent text-white'
              : 'text-fg-muted hover:bg-surface-raised hover:text-fg',
          )}
        >
          {option.text}
        </button>
      ))}
    </fieldset>
  );
}

function EmptyNote({ children }: { children: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-line px-6 py-12 text-center text-fg-muted">
      {children}
    </p>
  );
}

/** No element yet: what elements are for, and the way to make the first. */
function EmptyLibrary({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('app');
  const kinds: { kind: ElementKind; Icon: typeof UserRound }[] = [
    { kind: 'character', Icon: UserRound },
    { kind: 'product', Icon: Package },
  ];
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-12 text-center sm:py-16"
      data-elements-empty=""
    >
      <Shapes aria-hidden="true" className="size-8 text-accent-soft" />
      <h2 className="mt-4 font-medium text-fg">{t('elements.empty.title')}</h2>
      <p className="mt-2 max-w-lg text-sm text-fg-muted">{t('elements.empty.text')}</p>
      <ul className="mt-6 grid w-full max-w-2xl gap-3 text-left sm:grid-cols-2">
        {kinds.map(({ kind, Icon }) => (
          <li
            key={kind}
            className="flex items-start gap-3 rounded-xl border border-line bg-surface-raised/40 p-4"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-soft" />
            <span className="text-sm text-fg-muted">{t(`elements.empty.${kind}`)}</span>
          </li>
        ))}
      </ul>
      <Button className="mt-6" onClick={onCreate} aria-haspopup="dialog">
        <Plus aria-hidden="true" />
        {t('elements.empty.cta')}
      </Button>
    </div>
  );
}
