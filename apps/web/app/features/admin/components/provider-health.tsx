import type { AdminProviderHealth } from '@kadr/contract';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { formatMoment } from '../format';
import { Section } from './states';

type Status = AdminProviderHealth['status'];

const look: Record<Status, string> = {
  ok: 'border-green-400/30 bg-green-400/10 text-green-300',
  failing: 'border-red-400/30 bg-red-400/10 text-red-300',
  rate_limited: 'border-yellow-400/30 bg-yellow-400/10 text-yellow-300',
  unknown: 'border-line bg-line/40 text-fg-muted',
};

/**
 * Since when the status holds: working since the last failure, failing since the last good
 * answer (every call after it failed), rate limiting since the 429. Undefined when it cannot say.
 */
function sinceOf(health: AdminProviderHealth): string | null {
  if (health.status === 'failing') return health.last_ok;
  if (health.status === 'ok' || health.status === 'rate_limited') return health.last_error;
  return null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-surface-raised/40 px-3 py-2">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-fg tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The model service as the workers have seen it (issue #38): its state since when, its last good
 * answer and last error, failures in a row, a pause of every submission after a 429, and how many
 * generations wait for it and for the file store.
 */
export function ProviderHealth({ health, now }: { health: AdminProviderHealth; now: number }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const moment = (value: string) => formatMoment(value, language);
  const since = sinceOf(health);
  const paused = health.paused_until !== null && Date.parse(health.paused_until) > now;
  return (
    <Section
      title={t('overview.provider.title')}
      actions={
        <code className="rounded-md bg-surface-raised px-2 py-0.5 text-xs text-fg-muted">
          {health.provider}
        </code>
      }
    >
      <div data-provider-health={health.status} className="space-y-4">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span
            className={clsx(
              'inline-flex rounded-full border px-2.5 py-0.5 text-sm font-medium',
              look[health.status],
            )}
          >
            {t(`overview.provider.status.${health.status}`)}
          </span>
          <span className="text-sm text-fg-muted">
            {since
              ? t('overview.provider.since', { time: moment(since) })
              : health.status === 'failing'
                ? t('overview.provider.neverOk')
                : health.status === 'unknown'
                  ? t('overview.provider.noCalls')
                  : null}
          </span>
        </p>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Fact label={t('overview.provider.lastOk')}>
            {health.last_ok ? moment(health.last_ok) : t('overview.provider.none')}
          </Fact>
          <Fact label={t('overview.provider.lastError')}>
            {health.last_error ? (
              <>
                {moment(health.last_error)}
                {health.error ? (
                  <>
                    {' · '}
                    <code className="font-mono text-xs whitespace-nowrap">{health.error}</code>
                  </>
                ) : null}
              </>
            ) : (
              t('overview.provider.none')
            )}
          </Fact>
          <Fact label={t('overview.provider.failures')}>
            <span className={clsx(health.failures > 0 && 'text-red-300')}>
              {health.failures > 0
                ? t('overview.provider.failuresCount', { count: health.failures })
                : t('overview.provider.noFailures')}
            </span>
          </Fact>
          <Fact label={t('overview.provider.pausedUntil')}>
            {paused && health.paused_until
              ? moment(health.paused_until)
              : t('overview.provider.notPaused')}
          </Fact>
          <Fact label={t('overview.provider.waiting')}>
            {t('overview.provider.waitingCount', { count: health.waiting })}
          </Fact>
          <Fact label={t('overview.provider.storing')}>
            {t('overview.provider.storingCount', { count: health.storing })}
          </Fact>
        </dl>
        <p className="text-xs text-fg-muted">{t('overview.provider.note')}</p>
      </div>
    </Section>
  );
}
