import type { AdminApiKey } from '@kadr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminApi, adminKeys } from '../api';
import { formatDateTime, formatDay, formatNumber } from '../format';
import { Bars } from './bars';
import { ReasonAction } from './reason-action';
import { Facts, QueryState, Section } from './states';

/** Days the requests chart covers, today (UTC) last. */
const chartDays = 14;

/** The UTC days of the chart, oldest first (`YYYY-MM-DD`). */
function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(now);
    day.setUTCDate(day.getUTCDate() - (count - 1 - i));
    return day.toISOString().slice(0, 10);
  });
}

/** A person's API keys in the console: spend, use, requests per day, and a revoke with a reason. */
export function PersonKeys({ personId }: { personId: string }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: adminKeys.personKeys(personId),
    queryFn: ({ signal }) => adminApi.personKeys(personId, signal),
  });
  return (
    <Section title={t('person.keys.title')}>
      <QueryState query={query}>
        {(keys) =>
          keys.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('person.keys.none')}</p>
          ) : (
            <ul aria-label={t('person.keys.title')} className="grid gap-3 lg:grid-cols-2">
              {keys.map((key) => (
                <KeyCard key={key.id} apiKey={key} personId={personId} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Section>
  );
}

function KeyCard({ apiKey: key, personId }: { apiKey: AdminApiKey; personId: string }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const client = useQueryClient();
  const n = (value: number) => formatNumber(value, language);
  const days = lastDays(new Date(), chartDays);
  const perDay = new Map(key.requests.map((day) => [day.day, day.requests]));
  const limit = (value: number | null) => (value === null ? t('person.keys.noLimit') : n(value));
  return (
    <li
      data-key-id={key.id}
      className={clsx(
        'space-y-3 rounded-xl border border-line bg-surface-raised/40 p-3',
        key.revoked_at && 'border-dashed',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-fg">
          {key.name} <code className="font-mono text-sm text-fg-muted">{key.prefix}…</code>
        </p>
        <span
          className={clsx(
            'rounded-md px-2 py-0.5 text-xs font-medium',
            key.revoked_at ? 'bg-red-500/15 text-red-300' : 'bg-emerald-500/15 text-emerald-300',
          )}
        >
          {key.revoked_at ? t('person.keys.revoked') : t('person.keys.live')}
        </span>
      </div>
      <Facts
        items={[
          { label: t('common.created'), value: formatDateTime(key.created, language) },
          {
            label: t('person.keys.lastUsed'),
            value: key.last_used_at
              ? formatDateTime(key.last_used_at, language)
              : t('person.keys.never'),
          },
          ...(key.revoked_at
            ? [
                {
                  label: t('person.keys.revokedAt'),
                  value: formatDateTime(key.revoked_at, language),
                },
              ]
            : []),
          {
            label: t('person.keys.spent'),
            value: t('person.keys.spentValue', {
              today: n(key.spent_today),
              month: n(key.spent_month),
              total: n(key.spent_total),
            }),
          },
          {
            label: t('person.keys.limits'),
            value: t('person.keys.limitsValue', {
              daily: limit(key.daily_limit),
              monthly: limit(key.monthly_limit),
            }),
          },
          {
            label: t('person.keys.models'),
            value: key.allowed_models?.join(', ') ?? t('person.keys.allModels'),
          },
          { label: t('person.keys.scope'), value: t(`person.keys.scopes.${key.scope}`) },
          { label: t('person.keys.webhook'), value: key.webhook_url ?? t('common.none') },
        ]}
      />
      <Bars
        title={t('person.keys.requests', { count: chartDays })}
        labels={days.map((day) => formatDay(day, language))}
        values={days.map((day) => perDay.get(day) ?? 0)}
      />
      {key.revoked_at ? null : (
        <ReasonAction
          label={t('person.keys.revoke.title', { name: key.name })}
          submitLabel={t('person.keys.revoke.submit')}
          variant="danger"
          onSubmit={async (reason) => {
            await adminApi.revokeKey(key.id, reason);
            await client.invalidateQueries({ queryKey: adminKeys.personKeys(personId) });
            return t('person.keys.revoke.done', { name: key.name });
          }}
        />
      )}
    </li>
  );
}
