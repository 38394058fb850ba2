import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminApi, adminKeys } from '../api';
import { formatDateTime } from '../format';
import { ReasonAction } from './reason-action';
import { AdminHeader, QueryState } from './states';

/** Every model with its switch: off hides it from the studio and refuses its creates. */
export function Models() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.models(),
    queryFn: ({ signal }) => adminApi.models(signal),
  });
  return (
    <>
      <AdminHeader title={t('models.title')} description={t('models.description')} />
      <QueryState query={query}>
        {(models) => (
          <ul className="grid gap-3 md:grid-cols-2" aria-label={t('models.title')}>
            {models.map((model) => (
              <li
                key={model.id}
                aria-label={model.name}
                className={clsx(
                  'flex flex-wrap items-start justify-between gap-3 rounded-2xl border bg-surface p-4',
                  model.enabled ? 'border-line' : 'border-red-500/40',
                )}
              >
                <div className="min-w-0">
                  <p className="font-medium text-fg">{model.name}</p>
                  <p className="text-xs text-fg-muted">
                    {t(`models.${model.type}`)} · {model.id}
                    {model.updated
                      ? ` · ${t('models.changed', { date: formatDateTime(model.updated, language) })}`
                      : ''}
                  </p>
                  <p
                    className={clsx(
                      'mt-1 text-sm font-medium',
                      model.enabled ? 'text-emerald-400' : 'text-red-300',
                    )}
                  >
                    {model.enabled ? t('models.on') : t('models.off')}
                  </p>
                </div>
                <ReasonAction
                  label={model.enabled ? t('models.switchOff') : t('models.switchOn')}
                  submitLabel={model.enabled ? t('models.switchOff') : t('models.switchOn')}
                  variant={model.enabled ? 'secondary' : 'primary'}
                  onSubmit={async (reason) => {
                    const items = await adminApi.switchModel(model.id, !model.enabled, reason);
                    client.setQueryData(adminKeys.models(), items);
                    return t(model.enabled ? 'models.doneOff' : 'models.doneOn', {
                      model: model.name,
                    });
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
