import { listModels } from '@kadr/catalog';
import type { AdminGeneration } from '@kadr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminPaths } from '../admin-paths';
import { adminApi, adminKeys } from '../api';
import { formatDateTime, formatNumber } from '../format';
import { modelName } from '../models';
import { FilterForm, Pager, useFilters } from './filters';
import { AdminHeader, QueryState, Table } from './states';

const statuses = ['pending', 'processing', 'completed', 'failed'] as const;
const filterNames = ['status', 'model', 'person', 'from', 'to'] as const;

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={clsx(
        'inline-block rounded-md px-1.5 py-0.5 text-xs font-medium',
        status === 'failed' || status === 'canceled'
          ? 'bg-red-500/15 text-red-300'
          : status === 'completed' || status === 'succeeded'
            ? 'bg-emerald-500/15 text-emerald-300'
            : 'bg-amber-500/15 text-amber-200',
      )}
    >
      {label}
    </span>
  );
}

/** Generations as rows; each opens its page. */
export function GenerationTable({
  items,
  showPerson = true,
}: {
  items: AdminGeneration[];
  showPerson?: boolean;
}) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  return (
    <Table
      label={t('generations.title')}
      head={[
        t('common.created'),
        ...(showPerson ? [t('common.person')] : []),
        t('common.model'),
        t('common.status'),
        t('generations.cost'),
        t('generations.prompt'),
      ]}
      rows={items.map((item) => ({
        key: item.id,
        cells: [
          <Link
            key="open"
            to={adminPaths.generation(item.id)}
            className="text-accent-soft hover:underline"
          >
            {formatDateTime(item.created, language)}
          </Link>,
          ...(showPerson
            ? [
                <Link key="person" to={adminPaths.person(item.user_id)} className="hover:underline">
                  {item.user_email}
                </Link>,
              ]
            : []),
          modelName(item.model),
          <StatusBadge key="status" status={item.status} label={t(`status.${item.status}`)} />,
          <span key="cost" className="tabular-nums">
            {formatNumber(item.cost, language)}
            {item.refunded > 0 ? (
              <span className="ml-1 text-xs text-emerald-400">
                ({t('generations.refunded', { count: item.refunded })})
              </span>
            ) : null}
          </span>,
          <span key="prompt" className="line-clamp-2 max-w-md text-fg-muted">
            {item.prompt}
          </span>,
        ],
      }))}
    />
  );
}

/** Every generation, filtered by status, model, person and date. */
export function Generations() {
  const { t } = useTranslation('admin');
  const filters = useFilters(filterNames);
  const request = { ...filters.values, page: filters.page };
  const query = useQuery({
    queryKey: adminKeys.generations(request),
    queryFn: ({ signal }) => adminApi.generations(request, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <AdminHeader title={t('generations.title')} description={t('generations.description')} />
      <FilterForm
        values={filters.values}
        onApply={filters.apply}
        fields={[
          {
            name: 'status',
            label: t('common.status'),
            options: statuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
          },
          {
            name: 'model',
            label: t('common.model'),
            options: listModels()
              .filter((model) => !model.pricingOnly)
              .map((model) => ({ value: model.id, label: model.name })),
          },
          { name: 'person', label: t('generations.personFilter') },
          { name: 'from', label: t('common.from'), type: 'date' },
          { name: 'to', label: t('common.to'), type: 'date' },
        ]}
      />
      <QueryState query={query}>
        {(list) => (
          <>
            <GenerationTable items={list.items} />
            <Pager page={list.page} hasMore={list.has_more} onPage={filters.goTo} />
          </>
        )}
      </QueryState>
    </>
  );
}
