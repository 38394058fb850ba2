import '~/locales/app';
import '~/locales/app-keys';
import {
  type ApiKey,
  apiKeyLimits,
  isLanguage,
  type Language,
  localizedPublicPath,
  paths,
} from '@kadr/contract';
import { clsx } from 'clsx';
import { BookOpen, Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { formatDate } from '~/lib/format';
import { useTranslation } from '~/lib/use-translation';
import { modelName } from '../keys-form';
import { useApiKeys, useKeysFollowActivity } from '../keys-hooks';
import { AccountEvents } from './account-events';
import { type KeyDialogState, KeyDialogs } from './key-dialogs';
import { LoadState } from './load-state';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * The keys section's content: what keys are for, the list and its dialogs, then the webhook
 * delivery log and the person's audit.
 */
export function ApiKeysBody() {
  const { t, i18n } = useTranslation('app');
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'ru';
  const keys = useApiKeys();
  const [dialog, setDialog] = useState<KeyDialogState>(null);
  useKeysFollowActivity();
  const live = keys.data?.filter((key) => key.revoked_at === null).length ?? 0;
  const full = live >= apiKeyLimits.maxLiveKeys;

  return (
    <>
      <p className="mt-3 max-w-3xl text-sm text-fg-muted">{t('keys.description')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <a
          href={localizedPublicPath(paths.developers, language)}
          className="inline-flex items-center gap-2 self-start text-sm font-medium text-accent-soft underline-offset-4 hover:underline sm:self-center"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          {t('keys.docs')}
        </a>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {keys.data ? (
            <span className="text-xs text-fg-muted">
              {t('keys.liveCount', { count: live, max: apiKeyLimits.maxLiveKeys })}
            </span>
          ) : null}
          <Button
            onClick={() => setDialog({ kind: 'create' })}
            disabled={!keys.data || full}
            className="self-start"
          >
            <Plus aria-hidden="true" />
            {t('keys.create')}
          </Button>
        </div>
      </div>
      <LoadState query={keys} failed={t('keys.loadFailed')}>
        {(items) =>
          items.length === 0 ? (
            <p className="mt-5 text-sm text-fg-muted">{t('keys.empty')}</p>
          ) : (
            <ul aria-label={t('keys.list.label')} className="mt-5 grid gap-3">
              {ordered(items).map((key) => (
                <KeyItem key={key.id} apiKey={key} language={language} onAction={setDialog} />
              ))}
            </ul>
          )
        }
      </LoadState>
      <WebhookDeliveries />
      <AccountEvents keys={keys.data ?? []} />
      <KeyDialogs state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

/** Live keys first (as the server lists them), the revoked after. */
function ordered(keys: ApiKey[]): ApiKey[] {
  return [
    ...keys.filter((key) => key.revoked_at === null),
    ...keys.filter((key) => key.revoked_at !== null),
  ];
}

function KeyItem({
  apiKey: key,
  language,
  onAction,
}: {
  apiKey: ApiKey;
  language: Language;
  onAction: (state: KeyDialogState) => void;
}) {
  const { t } = useTranslation('app');
  const date = (value: string) => formatDate(value, language, 'shortWithTime');
  const revoked = key.revoked_at !== null;
  const nameId = useId();
  const credits = (count: number) => t('user.credits', { count });
  const limit = (value: number | null) =>
    value === null ? t('keys.list.noLimit') : t('keys.list.limit', { limit: value });

  return (
    <li
      data-key-id={key.id}
      data-revoked={revoked || undefined}
      className={clsx(
        'rounded-xl border border-line bg-surface p-4',
        revoked && 'border-dashed opacity-75',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p
            id={nameId}
            className="flex flex-wrap items-center gap-2 font-semibold break-words text-fg"
          >
            {key.name}
            {revoked ? (
              <span className="rounded-md bg-red-500/15 px-2 py-0.5 text-xs font-medium text-red-300">
                {t('keys.list.revoked')}
              </span>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-fg-muted">
            <span className="sr-only">{t('keys.list.prefix')}: </span>
            <code className="rounded bg-surface-raised px-1.5 py-0.5 font-mono text-fg" data-prefix>
              {key.prefix}…
            </code>
          </p>
          <p className="mt-1 text-xs text-fg-muted">
            {t('keys.list.created', { date: date(key.created) })} ·{' '}
            <span data-last-used>
              {key.last_used_at
                ? t('keys.list.lastUsed', { date: date(key.last_used_at) })
                : t('keys.list.neverUsed')}
            </span>
            {key.revoked_at
              ? ` · ${t('keys.list.revokedAt', { date: date(key.revoked_at) })}`
              : null}
          </p>
        </div>
        {revoked ? null : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-describedby={nameId}
              onClick={() => onAction({ kind: 'edit', key })}
            >
              {t('keys.list.edit')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-describedby={nameId}
              onClick={() => onAction({ kind: 'secret', key })}
            >
              {t('keys.list.secret')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-describedby={nameId}
              onClick={() => onAction({ kind: 'revoke', key })}
            >
              {t('keys.list.revoke')}
            </Button>
          </div>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3 sm:gap-3">
        <Figure label={t('keys.list.today')} testId="spent-today">
          {credits(key.spent_today)}
          <Small>{limit(key.daily_limit)}</Small>
        </Figure>
        <Figure label={t('keys.list.month')} testId="spent-month">
          {credits(key.spent_month)}
          <Small>{limit(key.monthly_limit)}</Small>
        </Figure>
        <Figure label={t('keys.list.total')} testId="spent-total">
          {credits(key.spent_total)}
          <Small>{t('keys.list.requestsToday', { count: key.requests_today })}</Small>
        </Figure>
      </dl>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-fg-muted">{t('keys.list.models')}</dt>
        <dd className="min-w-0 break-words text-fg" data-models>
          {key.allowed_models === null
            ? t('keys.list.allModels')
            : key.allowed_models.map((id) => modelName(id, language)).join(', ')}
        </dd>
        <dt className="text-fg-muted">{t('keys.list.scope')}</dt>
        <dd className="min-w-0 break-words text-fg" data-scope={key.scope}>
          {t(`keys.list.scopes.${key.scope}`)}
        </dd>
        <dt className="text-fg-muted">{t('keys.list.webhook')}</dt>
        <dd className="min-w-0 break-all text-fg" data-webhook>
          {key.webhook_url ?? t('keys.list.noWebhook')}
        </dd>
      </dl>
    </li>
  );
}

function Figure({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    // A phone: one line each, the label left and the figures right; wider: three tiles.
    <div className="flex min-w-0 items-baseline justify-between gap-3 rounded-lg bg-surface-raised/60 px-3 py-2 sm:block">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd
        className="text-right font-medium text-fg tabular-nums sm:mt-0.5 sm:text-left"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

function Small({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-normal text-fg-muted">{children}</span>;
}
