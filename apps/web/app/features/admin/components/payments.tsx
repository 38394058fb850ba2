import type { AdminPayment } from '@kadr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminPaths } from '../admin-paths';
import { adminApi, adminKeys } from '../api';
import { formatDateTime, formatMoney, formatNumber } from '../format';
import { FilterForm, Pager, useFilters } from './filters';
import { StatusBadge } from './generations';
import { AdminHeader, QueryState, Table } from './states';

const providers = ['yookassa', 'stripe'] as const;
const statuses = ['pending', 'succeeded', 'review', 'canceled'] as const;
const filterNames = ['provider', 'status', 'person', 'from', 'to'] as const;

export function PaymentTable({
  items,
  showPerson = true,
}: {
  items: AdminPayment[];
  showPerson?: boolean;
}) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  return (
    <Table
      label={t('payments.title')}
      head={[
        t('common.created'),
        ...(showPerson ? [t('common.person')] : []),
        t('payments.provider'),
        t('common.status'),
        t('payments.amount'),
        t('payments.tokens'),
        t('payments.reversed'),
      ]}
      rows={items.map((item) => ({
        key: item.id,
        cells: [
          <Link
            key="open"
            to={adminPaths.payment(item.id)}
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
          t(`payments.providers.${item.provider}`),
          <StatusBadge
            key="status"
            status={item.status}
            label={t(`paymentStatus.${item.status}`)}
          />,
          <span key="amount" className="tabular-nums">
            {formatMoney(item.amount, item.currency, language)}
          </span>,
          <span key="tokens" className="tabular-nums">
            {formatNumber(item.tokens, language)}
          </span>,
          <span key="reversed" className="tabular-nums">
            {formatNumber(item.reversed_tokens, language)}
          </span>,
        ],
      }))}
    />
  );
}

/** Every payment, filtered by provider, status, person and date. */
export function Payments() {
  const { t } = useTranslation('admin');
  const filters = useFilters(filterNames);
  const request = { ...filters.values, page: filters.page };
  const query = useQuery({
    queryKey: adminKeys.payments(request),
    queryFn: ({ signal }) => adminApi.payments(request, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <AdminHeader title={t('payments.title')} description={t('payments.description')} />
      <FilterForm
        values={filters.values}
        onApply={filters.apply}
        fields={[
          {
            name: 'provider',
            label: t('payments.provider'),
            options: providers.map((value) => ({ value, label: t(`payments.providers.${value}`) })),
          },
          {
            name: 'status',
            label: t('common.status'),
            options: statuses.map((value) => ({ value, label: t(`paymentStatus.${value}`) })),
          },
          { name: 'person', label: t('generations.personFilter') },
          { name: 'from', label: t('common.from'), type: 'date' },
          { name: 'to', label: t('common.to'), type: 'date' },
        ]}
      />
      <QueryState query={query}>
        {(list) => (
          <>
            <PaymentTable items={list.items} />
            <Pager page={list.page} hasMore={list.has_more} onPage={filters.goTo} />
          </>
        )}
      </QueryState>
    </>
  );
}
