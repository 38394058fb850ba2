import type { AdminPaymentDetail, AdminPaymentRefund } from '@kadr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminPaths } from '../admin-paths';
import { adminApi, adminKeys } from '../api';
import { formatDateTime, formatDelta, formatMoney, formatNumber } from '../format';
import { AuditTable } from './audit';
import { StatusBadge } from './generations';
import { ReasonAction } from './reason-action';
import { BackLink, Facts, QueryState, Section, Table } from './states';

/** One payment: provider ids, amounts, its ledger entries and operator events; a refund. */
export function Payment({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: adminKeys.payment(id),
    queryFn: ({ signal }) => adminApi.payment(id, signal),
  });
  return (
    <>
      <BackLink to={adminPaths.payments} label={t('payment.back')} />
      <QueryState query={query}>{(detail) => <PaymentPage detail={detail} />}</QueryState>
    </>
  );
}

function PaymentPage({ detail }: { detail: AdminPaymentDetail }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const client = useQueryClient();
  const money = (minor: number) => formatMoney(minor / 100, detail.currency, language);
  // Paid, or paid but not as opened (under review, nothing credited), with money left to return.
  const refundable =
    (detail.status === 'succeeded' || detail.status === 'review') &&
    detail.reversed_minor < detail.amount_minor;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">
            {formatMoney(detail.amount, detail.currency, language)}{' '}
            <StatusBadge status={detail.status} label={t(`paymentStatus.${detail.status}`)} />
          </h1>
          <p className="mt-1 text-sm break-all text-fg-muted">{detail.id}</p>
          <p className="mt-1 text-sm">
            <Link
              to={adminPaths.person(detail.user_id)}
              className="text-accent-soft hover:underline"
            >
              {detail.user_email}
            </Link>
          </p>
        </div>
        {refundable ? (
          <ReasonAction
            label={t('payment.refund.title')}
            submitLabel={t('payment.refund.submit')}
            variant="danger"
            onSubmit={async (reason) => {
              const { refund } = await adminApi.refundPayment(detail.id, reason);
              await client.invalidateQueries({ queryKey: adminKeys.all });
              // Refused by the provider: nothing happened, and the form stays open.
              if (refund.status === 'failed') throw new Error(t('payment.refund.failed'));
              return refundMessage(refund, detail.status === 'succeeded', money, t);
            }}
          />
        ) : null}
      </header>

      {detail.status === 'review' ? (
        <p className="rounded-xl border border-amber-400/40 bg-amber-400/10 p-4 text-sm text-fg">
          {t('payment.review')}
        </p>
      ) : null}

      <Section title={t('payments.title')}>
        <Facts
          items={[
            { label: t('payments.provider'), value: t(`payments.providers.${detail.provider}`) },
            {
              label: t('payment.providerId'),
              value: <code className="break-all">{detail.provider_payment_id ?? '—'}</code>,
            },
            {
              label: t('payment.package'),
              value: `${detail.package_id} · ${t('common.tokens', { count: detail.tokens })}`,
            },
            { label: t('common.created'), value: formatDateTime(detail.created, language) },
            {
              label: t('payment.succeededAt'),
              value: formatDateTime(detail.succeeded_at, language),
            },
            { label: t('payment.closedAt'), value: formatDateTime(detail.closed_at, language) },
            ...(detail.cancel_reason
              ? [{ label: t('payment.cancelReason'), value: detail.cancel_reason }]
              : []),
            { label: t('payment.reversedMoney'), value: money(detail.reversed_minor) },
            {
              label: t('payments.reversed'),
              value: formatNumber(detail.reversed_tokens, language),
            },
            {
              label: t('payment.shortfall'),
              value: formatNumber(detail.shortfall_tokens, language),
            },
            {
              label: t('payment.commission'),
              value: formatNumber(detail.commission_tokens, language),
            },
          ]}
        />
      </Section>

      <Section title={t('payment.ledger')}>
        <Table
          label={t('payment.ledger')}
          head={[
            t('common.created'),
            t('person.operation'),
            t('person.amount'),
            t('person.balanceAfter'),
          ]}
          rows={detail.ledger.map((entry) => ({
            key: entry.id,
            cells: [
              formatDateTime(entry.created, language),
              t(`reasons.${entry.reason}`),
              <span key="delta" className="tabular-nums">
                {formatDelta(entry.delta, language)}
              </span>,
              <span key="after" className="tabular-nums">
                {formatNumber(entry.balance_after, language)}
              </span>,
            ],
          }))}
        />
      </Section>

      <Section title={t('payment.events')}>
        <AuditTable items={detail.events} />
      </Section>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation<'admin'>>['t'];

/**
 * What a refund that the provider did not refuse really did. `credited`: the payment had credited
 * its tokens (succeeded); one under review never had, so there is nothing to take back.
 */
function refundMessage(
  refund: AdminPaymentRefund['refund'],
  credited: boolean,
  money: (minor: number) => string,
  t: Translate,
): string {
  const amount = money(refund.amount_minor);
  if (refund.status === 'pending') {
    return t(credited ? 'payment.refund.pending' : 'payment.refund.pendingUncredited', { amount });
  }
  if (!credited) return t('payment.refund.doneUncredited', { amount });
  return t(refund.tokens_settled ? 'payment.refund.done' : 'payment.refund.doneLater', { amount });
}
