import type { AdminAuditEntry } from '@kadr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminApi, adminKeys } from '../api';
import { formatDateTime } from '../format';
import { FilterForm, useFilters } from './filters';
import { AdminHeader, QueryState, Table } from './states';

const actions = [
  'role.grant',
  'role.revoke',
  'balance.adjust',
  'sessions.end',
  'user.block',
  'user.unblock',
  'generation.refund',
  'generation.retry',
  'payment.refund',
  'model.off',
  'model.on',
  'api_key.revoke',
] as const;
const filterNames = ['action', 'actor', 'subject', 'from'] as const;

const change = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

export function AuditTable({ items }: { items: AdminAuditEntry[] }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  return (
    <Table
      label={t('audit.title')}
      head={[
        t('audit.when'),
        t('audit.actor'),
        t('audit.action'),
        t('audit.subject'),
        t('audit.change'),
        t('common.reason'),
      ]}
      rows={items.map((entry) => ({
        key: entry.id,
        cells: [
          formatDateTime(entry.at, language),
          entry.actor,
          t(`audit.actions.${entry.action.replace('.', '-')}` as 'audit.actions.model-on', {
            defaultValue: entry.action,
          }),
          <span key="subject" className="text-xs break-all text-fg-muted">
            {entry.subject_type} {entry.subject_id}
          </span>,
          <code key="change" className="text-xs break-all">
            {change(entry.before)} → {change(entry.after)}
          </code>,
          entry.reason,
        ],
      }))}
    />
  );
}

/** The append-only log of every operator action, filterable. */
export function Audit() {
  const { t } = useTranslation('admin');
  const filters = useFilters(filterNames);
  const request = { ...filters.values, limit: 200 };
  const query = useQuery({
    queryKey: adminKeys.audit(request),
    queryFn: ({ signal }) => adminApi.audit(request, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <AdminHeader title={t('audit.title')} description={t('audit.description')} />
      <FilterForm
        values={filters.values}
        onApply={filters.apply}
        fields={[
          {
            name: 'action',
            label: t('audit.action'),
            options: actions.map((value) => ({
              value,
              label: t(`audit.actions.${value.replace('.', '-')}` as 'audit.actions.model-on'),
            })),
          },
          { name: 'actor', label: t('audit.actor') },
          { name: 'subject', label: t('audit.subject') },
          { name: 'from', label: t('common.from'), type: 'date' },
        ]}
      />
      <QueryState query={query}>{(items) => <AuditTable items={items} />}</QueryState>
    </>
  );
}
