import '~/locales/app';
import '~/locales/app-keys';
import type { AccountEvent, ApiKey } from '@kadr/contract';
import { History } from 'lucide-react';
import { formatDate } from '~/lib/format';
import { useTranslation } from '~/lib/use-translation';
import { useAccountEvents } from '../keys-hooks';
import { KeySubsection } from './key-subsection';
import { LoadState } from './load-state';

const fieldNames = [
  'name',
  'daily_limit',
  'monthly_limit',
  'allowed_models',
  'scope',
  'webhook_url',
] as const;
type FieldName = (typeof fieldNames)[number];
const isFieldName = (value: string): value is FieldName =>
  fieldNames.some((name) => name === value);

/** Each audit action's text key (the action's own name has a dot, which keys cannot). */
const actionKeys = {
  'api_key.created': 'created',
  'api_key.changed': 'changed',
  'api_key.revoked': 'revoked',
  'webhook.replayed': 'replayed',
} as const satisfies Record<AccountEvent['action'], string>;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The person's audit (`GET /api/account-events`): who did what to which key, newest first. */
export function AccountEvents({ keys }: { keys: ApiKey[] }) {
  const { t } = useTranslation('app');
  const events = useAccountEvents();
  return (
    <KeySubsection title={t('keys.events.title')} icon={History}>
      <p className="mt-2 max-w-3xl text-sm text-fg-muted">{t('keys.events.description')}</p>
      <LoadState query={events} failed={t('keys.events.loadFailed')}>
        {(items) =>
          items.length === 0 ? (
            <p className="mt-4 text-sm text-fg-muted">{t('keys.events.empty')}</p>
          ) : (
            <ol aria-label={t('keys.events.label')} className="mt-4 divide-y divide-line/60">
              {items.map((event) => (
                <EventItem key={event.id} event={event} keys={keys} />
              ))}
            </ol>
          )
        }
      </LoadState>
    </KeySubsection>
  );
}

function EventItem({ event, keys }: { event: AccountEvent; keys: ApiKey[] }) {
  const { t, i18n } = useTranslation('app');
  const details = record(event.details);
  const key = keys.find((candidate) => candidate.id === event.subject_id);
  const keyName = key?.name ?? (typeof details.name === 'string' ? details.name : undefined);
  const changed =
    event.action === 'api_key.changed'
      ? Object.keys(details)
          .filter(isFieldName)
          .map((field) => t(`keys.events.fieldNames.${field}`))
      : [];
  const reason = typeof details.reason === 'string' ? details.reason : undefined;
  return (
    <li data-action={event.action} className="py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 text-fg">
          <span className="font-medium">
            {t(`keys.events.actions.${actionKeys[event.action]}`)}
          </span>
          {keyName ? <span> · {t('keys.events.key', { name: keyName })}</span> : null}
        </p>
        <span className="text-xs text-fg-muted tabular-nums">
          {formatDate(event.at, i18n.language, 'shortWithTime')}
        </span>
      </div>
      <p className="mt-1 text-xs text-fg-muted">
        {event.actor === 'self'
          ? t('keys.events.self')
          : t('keys.events.operator', { email: event.actor })}
        {changed.length > 0
          ? ` · ${t('keys.events.fields', { fields: changed.join(', ') })}`
          : null}
        {reason ? ` · ${t('keys.events.reason', { reason })}` : null}
      </p>
    </li>
  );
}
