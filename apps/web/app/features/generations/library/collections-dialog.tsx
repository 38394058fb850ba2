import '~/locales/app-library';
import '~/locales/app-library-dialogs';
import { collectionNameMax, type GenerationRecord } from '@kadr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { ClientError } from '../api';
import { queryKeys } from '../query-keys';
import { collectionsHolding, createCollection, listCollections, setInCollection } from './api';

/** The person's collections as checkboxes, and a new one by name (collections-button.tsx). */
export function CollectionsDialog({
  record,
  onClose,
}: {
  record: GenerationRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const nameId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const collections = useQuery({
    queryKey: queryKeys.collections.all,
    queryFn: ({ signal }) => listCollections(signal),
  });
  const holding = useQuery({
    queryKey: queryKeys.collections.holding(record.id),
    queryFn: ({ signal }) => collectionsHolding(record.id, signal),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.collections.all });
    void client.invalidateQueries({ queryKey: queryKeys.history.all });
  };

  const toggle = async (collection: string, inside: boolean) => {
    const before = holding.data ?? [];
    client.setQueryData(
      queryKeys.collections.holding(record.id),
      inside ? [...before, collection] : before.filter((id) => id !== collection),
    );
    try {
      await setInCollection(collection, record.id, inside);
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      client.setQueryData(queryKeys.collections.holding(record.id), before);
      toast.error(t('collectionsDialog.failed'));
    }
    refresh();
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('collectionsDialog.nameRequired'));
      return;
    }
    try {
      const made = await createCollection(trimmed);
      setName('');
      setError(null);
      await toggle(made.id, true);
    } catch (failure) {
      const problem = failure instanceof ClientError ? failure.problem : undefined;
      setError(
        problem instanceof ApiError && problem.status === 409
          ? t('collectionsDialog.nameTaken')
          : t('collectionsDialog.failed'),
      );
    }
  };

  const held = new Set(holding.data ?? []);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('collectionsDialog.title')}
      description={t('collectionsDialog.text')}
      closeLabel={t('library.close')}
    >
      <ul className="mt-4 max-h-64 space-y-1 overflow-y-auto" aria-busy={collections.isPending}>
        {(collections.data ?? []).map((collection) => (
          <li key={collection.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-line/50">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={held.has(collection.id)}
                disabled={holding.isPending}
                onChange={(event) => void toggle(collection.id, event.currentTarget.checked)}
              />
              <span className="min-w-0 flex-1 truncate text-fg">{collection.name}</span>
              <span className="text-xs text-fg-muted tabular-nums">{collection.count}</span>
            </label>
          </li>
        ))}
        {collections.data?.length === 0 ? (
          <li className="px-2 text-sm text-fg-muted">{t('collectionsDialog.none')}</li>
        ) : null}
      </ul>
      <form onSubmit={(event) => void create(event)} className="mt-4" noValidate>
        <label htmlFor={nameId} className="mb-1.5 block text-sm font-medium text-fg">
          {t('collectionsDialog.newName')}
        </label>
        <div className="flex gap-2">
          <input
            id={nameId}
            value={name}
            maxLength={collectionNameMax}
            onChange={(event) => setName(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
            className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 text-sm text-fg"
          />
          <Button type="submit" variant="secondary">
            <Plus aria-hidden="true" />
            {t('collectionsDialog.create')}
          </Button>
        </div>
        {error ? (
          <p id={`${nameId}-error`} role="alert" className="mt-2 text-sm text-red-300">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
