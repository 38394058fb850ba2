import type { AdminGenerationDetail } from '@kadr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminPaths } from '../admin-paths';
import { adminApi, adminKeys } from '../api';
import { formatDateTime, formatDelta, formatNumber } from '../format';
import { modelName } from '../models';
import { StatusBadge } from './generations';
import { ReasonAction } from './reason-action';
import { BackLink, Facts, QueryState, Section, Table } from './states';

/** One generation: what was asked, the prediction, timings, errors, outputs; refund or retry. */
export function Generation({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: adminKeys.generation(id),
    queryFn: ({ signal }) => adminApi.generation(id, signal),
  });
  return (
    <>
      <BackLink to={adminPaths.generations} label={t('generation.back')} />
      <QueryState query={query}>{(detail) => <GenerationPage detail={detail} />}</QueryState>
    </>
  );
}

function GenerationPage({ detail }: { detail: AdminGenerationDetail }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.all });
  const when = (value: string | null) => formatDateTime(value, language);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">
            {modelName(detail.model)}{' '}
            <StatusBadge status={detail.status} label={t(`status.${detail.status}`)} />
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
        <div className="flex flex-wrap gap-2">
          {detail.status === 'completed' ? (
            detail.refunded > 0 ? (
              <p className="text-sm text-emerald-400">{t('generation.refund.already')}</p>
            ) : (
              <ReasonAction
                label={t('generation.refund.title')}
                submitLabel={t('generation.refund.submit')}
                variant="primary"
                disabled={detail.cost <= 0}
                onSubmit={async (reason) => {
                  await adminApi.refundGeneration(detail.id, reason);
                  await refresh();
                  return t('generation.refund.done');
                }}
              />
            )
          ) : null}
          {detail.status === 'failed' ? (
            <ReasonAction
              label={t('generation.retry.title')}
              submitLabel={t('generation.retry.submit')}
              variant="primary"
              onSubmit={async (reason) => {
                await adminApi.retryGeneration(detail.id, reason);
                await refresh();
                return t('generation.retry.done');
              }}
            />
          ) : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('generation.timings')}>
          <Facts
            items={[
              { label: t('common.created'), value: when(detail.created) },
              { label: t('generation.submitted'), value: when(detail.submitted_at) },
              { label: t('generation.completed'), value: when(detail.completed_at) },
              { label: t('generation.deadline'), value: when(detail.deadline) },
              { label: t('generation.updated'), value: when(detail.updated) },
              { label: t('generations.cost'), value: t('common.tokens', { count: detail.cost }) },
            ]}
          />
        </Section>
        <Section title={t('generation.prediction')}>
          <Facts
            items={[
              { label: t('generation.provider'), value: detail.provider },
              {
                label: t('generation.prediction'),
                value: <code className="break-all">{detail.prediction_id ?? '—'}</code>,
              },
              {
                label: t('generation.error'),
                value: detail.error ? `${detail.error_code ?? ''} ${detail.error}` : '—',
              },
              ...(detail.retry_of
                ? [
                    {
                      label: t('generation.retryOf'),
                      value: (
                        <Link
                          to={adminPaths.generation(detail.retry_of)}
                          className="text-accent-soft hover:underline"
                        >
                          {detail.retry_of}
                        </Link>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Section>
      </div>

      <Section title={t('generation.parameters')}>
        <pre className="max-h-80 overflow-auto rounded-lg bg-surface-raised p-3 text-xs whitespace-pre-wrap text-fg">
          {JSON.stringify(detail.jsondata, null, 2)}
        </pre>
      </Section>

      <Section title={t('generation.outputs')}>
        {detail.outputs.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('generation.noOutputs')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {detail.outputs.map((file) => (
              <li key={file.id}>
                <a
                  href={file.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block rounded-lg border border-line p-1 hover:border-accent-soft"
                >
                  {file.mime.startsWith('image/') ? (
                    <img
                      src={file.url}
                      alt={`${file.kind} ${file.id}`}
                      className="aspect-square w-full rounded object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <span className="block p-3 text-xs break-all">
                      {file.kind} · {file.mime}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('generation.ledger')}>
        <Table
          label={t('generation.ledger')}
          head={[t('common.created'), t('person.operation'), t('person.amount'), t('person.note')]}
          rows={detail.ledger.map((entry) => ({
            key: entry.id,
            cells: [
              when(entry.created),
              t(`reasons.${entry.reason}`),
              <span key="delta" className="tabular-nums">
                {formatDelta(entry.delta, language)}
              </span>,
              entry.note ?? '',
            ],
          }))}
        />
        <p className="mt-2 text-xs text-fg-muted">
          {t('generations.refunded', { count: detail.refunded })} ·{' '}
          {formatNumber(detail.cost, language)}
        </p>
      </Section>
    </div>
  );
}
