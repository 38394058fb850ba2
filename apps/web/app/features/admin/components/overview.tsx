import type { AdminPeriod } from '@kadr/contract';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminApi, adminKeys } from '../api';
import { formatDay, formatDuration, formatMoney, formatNumber, formatPercent } from '../format';
import { modelName } from '../models';
import { Bars } from './bars';
import { ProviderHealth } from './provider-health';
import { AdminHeader, QueryState, Section, Table } from './states';

const periods = ['today', 'week', 'month'] as const;
type Period = (typeof periods)[number];

/**
 * The model service's health, then sign-ups, generations, tokens and revenue for today, 7 and 30
 * days, with the daily charts.
 */
export function Overview() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const [period, setPeriod] = useState<Period>('today');
  const query = useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => adminApi.overview(signal),
    // The model service's health moves by the second; the figures around it are cheap to read.
    refetchInterval: 15_000,
  });

  return (
    <>
      <AdminHeader title={t('overview.title')} description={t('overview.description')} />
      <QueryState query={query}>
        {(overview) => {
          const labels = overview.days.map((day) => formatDay(day.day, language));
          return (
            <div className="space-y-6">
              <ProviderHealth health={overview.provider} now={query.dataUpdatedAt} />
              <fieldset className="inline-flex rounded-xl border border-line bg-surface p-1">
                <legend className="sr-only">{t('overview.periods.label')}</legend>
                {periods.map((item) => (
                  <button
                    key={item}
                    type="button"
                    aria-pressed={period === item}
                    onClick={() => setPeriod(item)}
                    className={clsx(
                      'rounded-lg px-3 py-1.5 text-sm',
                      period === item ? 'bg-accent text-white' : 'text-fg-muted hover:text-fg',
                    )}
                  >
                    {t(`overview.periods.${item}`)}
                  </button>
                ))}
              </fieldset>
              <PeriodFigures figures={overview[period]} />
              <Section title={t('overview.charts')}>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <Bars
                    title={t('overview.chartSignups')}
                    labels={labels}
                    values={overview.days.map((d) => d.signups)}
                  />
                  <Bars
                    title={t('overview.chartGenerations')}
                    labels={labels}
                    values={overview.days.map((d) => d.generations)}
                    marked={overview.days.map((d) => d.failed)}
                  />
                  <Bars
                    title={t('overview.chartRevenueRub')}
                    labels={labels}
                    values={overview.days.map((d) => Number(d.revenue_rub))}
                  />
                  <Bars
                    title={t('overview.chartRevenueUsd')}
                    labels={labels}
                    values={overview.days.map((d) => Number(d.revenue_usd))}
                  />
                </div>
              </Section>
            </div>
          );
        }}
      </QueryState>
    </>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4">
      <p className="text-xs text-fg-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-fg tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-fg-muted">{hint}</p> : null}
    </div>
  );
}

function PeriodFigures({ figures }: { figures: AdminPeriod }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const n = (value: number) => formatNumber(value, language);
  const generations = Object.values(figures.generations).reduce((a, b) => a + b, 0);
  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label={t('overview.signups')} value={n(figures.signups)} />
        <Figure
          label={t('overview.generations')}
          value={n(generations)}
          hint={[
            ...(['completed', 'failed'] as const).map(
              (status) => `${t(`status.${status}`)}: ${n(figures.generations[status])}`,
            ),
            `${t('overview.canceled')}: ${n(figures.generations.canceled)}`,
            ...(['processing', 'pending'] as const).map(
              (status) => `${t(`status.${status}`)}: ${n(figures.generations[status])}`,
            ),
          ].join(' · ')}
        />
        <Figure
          label={`${t('overview.tokens')} · ${t('overview.debited')}`}
          value={n(figures.tokens.debited)}
          hint={`${t('overview.refunded')}: ${n(figures.tokens.refunded)} · ${t('overview.credited')}: ${n(figures.tokens.credited)}`}
        />
        <div className="rounded-xl border border-line bg-surface p-4">
          <p className="text-xs text-fg-muted">{t('overview.purchases')}</p>
          {figures.purchases.length === 0 ? (
            <p className="mt-2 text-sm text-fg-muted">{t('overview.noPurchases')}</p>
          ) : (
            <ul className="mt-1 space-y-1">
              {figures.purchases.map((row) => (
                <li key={row.currency}>
                  <span className="text-xl font-semibold text-fg tabular-nums">
                    {formatMoney(row.revenue, row.currency, language)}
                  </span>{' '}
                  <span className="text-xs text-fg-muted">
                    {t('overview.purchaseCount', { count: row.count })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <Section title={t('overview.byModel')}>
        <Table
          label={t('overview.byModel')}
          head={[
            t('common.model'),
            t('overview.total'),
            t('overview.failed'),
            t('overview.canceled'),
            t('overview.failureRate'),
            t('overview.medianTime'),
          ]}
          rows={figures.models.map((row) => ({
            key: row.model,
            cells: [
              modelName(row.model),
              n(row.total),
              n(row.failed),
              n(row.canceled),
              <span
                key="rate"
                className={clsx(row.failure_rate > 0.2 && 'font-semibold text-red-400')}
              >
                {formatPercent(row.failure_rate, language)}
              </span>,
              formatDuration(row.median_ms, language),
            ],
          }))}
        />
        <p className="mt-2 text-xs text-fg-muted">{t('overview.canceledNote')}</p>
      </Section>
    </div>
  );
}
