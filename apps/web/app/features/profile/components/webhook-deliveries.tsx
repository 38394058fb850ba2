import '~/locales/app';
import '~/locales/app-keys';
import type { WebhookDelivery } from '@kadr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { ClientError } from '~/features/generations/api';
import { formatDate } from '~/lib/format';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { keysQueryKeys, replayWebhookDelivery } from '../keys-api';
import { useWebhookDeliveries } from '../keys-hooks';
import { KeySubsection } from './key-subsection';
import { LoadState } from './load-state';

const statusClasses: Record<WebhookDelivery['status'], string> = {
  pending: 'bg-amber-400/15 text-amber-200',
  delivered: 'bg-emerald-500/15 text-emerald-300',
  failed: 'bg-red-500/15 text-red-300',
};

/** Each event's text key (the event's own name has a dot, which keys cannot). */
const eventKeys = {
  'generation.completed': 'completed',
  'generation.failed': 'failed',
  'generation.refunded': 'refunded',
} as const satisfies Record<WebhookDelivery['event_type'], string>;

/** The webhook messages sent for the person (`GET /api/webhook-deliveries`), newest first. */
export function WebhookDeliveries() {
  const { t } = useTranslation('app');
  // The cursors of the pages shown, one under another ("more" adds the next).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const first = useWebhookDeliveries(undefined);
  return (
    <KeySubsection title={t('keys.deliveries.title')} icon={Send}>
      <p className="mt-2 max-w-3xl text-sm text-fg-muted">{t('keys.deliveries.description')}</p>
      <LoadState query={first} failed={t('keys.deliveries.loadFailed')}>
        {(page) =>
          page.items.length === 0 ? (
            <p className="mt-4 text-sm text-fg-muted">{t('keys.deliveries.empty')}</p>
          ) : (
            <ul aria-label={t('keys.deliveries.label')} className="mt-4 divide-y divide-line/60">
              {cursors.map((cursor, index) => (
                <DeliveryPage
                  key={cursor ?? ''}
                  cursor={cursor}
                  last={index === cursors.length - 1}
                  onMore={(next) => setCursors((shown) => [...shown, next])}
                />
              ))}
            </ul>
          )
        }
      </LoadState>
    </KeySubsection>
  );
}

/** One page's messages, and under the last page shown the button to the next, if any. */
function DeliveryPage({
  cursor,
  last,
  onMore,
}: {
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('app');
  const page = useWebhookDeliveries(cursor);
  const next = page.data?.next_cursor;
  return (
    <>
      {page.data?.items.map((delivery) => (
        <DeliveryItem key={delivery.id} delivery={delivery} />
      ))}
      {page.isPending ? (
        <li className="py-3 text-sm text-fg-muted" role="status">
          {t('keys.loading')}
        </li>
      ) : null}
      {last && next ? (
        <li className="pt-3">
          <Button variant="secondary" size="sm" onClick={() => onMore(next)}>
            {t('keys.deliveries.more')}
          </Button>
        </li>
      ) : null}
    </>
  );
}

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation('app');
  const client = useQueryClient();
  const date = (value: string) => formatDate(value, i18n.language, 'shortWithTime');
  const replay = useMutation({
    mutationFn: () => replayWebhookDelivery(delivery.id),
    onSuccess: async () => {
      toast.success(t('keys.deliveries.replayed'));
      await Promise.all([
        client.invalidateQueries({ queryKey: keysQueryKeys.deliveries }),
        client.invalidateQueries({ queryKey: keysQueryKeys.accountEvents }),
      ]);
    },
    onError: (error) => {
      const problem = error instanceof ClientError ? error.problem : undefined;
      const message = problem ? (problem.detail ?? problem.title) : error.message;
      toast.error(t('keys.deliveries.replayFailed', { message }));
    },
  });
  return (
    <li data-delivery-id={delivery.id} data-status={delivery.status} className="py-3 text-sm">
      <div className="flex flex-col items-start gap-x-4 gap-y-2 sm:flex-row sm:justify-between">
        <div className="min-w-0 self-stretch sm:flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-fg">
              {t(`keys.deliveries.events.${eventKeys[delivery.event_type]}`)}
            </span>
            <span
              className={clsx(
                'rounded-md px-2 py-0.5 text-xs font-medium',
                statusClasses[delivery.status],
              )}
            >
              {t(`keys.deliveries.statuses.${delivery.status}`)}
            </span>
          </p>
          <p className="mt-1 font-mono text-xs break-all text-fg-muted">{delivery.url}</p>
          <p className="mt-1 text-xs text-fg-muted">
            <span className="tabular-nums">{date(delivery.created)}</span> ·{' '}
            {t('keys.deliveries.attempts', { count: delivery.attempts })}
            {delivery.delivered_at
              ? ` · ${t('keys.deliveries.deliveredAt', { date: date(delivery.delivered_at) })}`
              : null}
            {delivery.status === 'pending' && delivery.next_attempt_at
              ? ` · ${t('keys.deliveries.nextAttempt', { date: date(delivery.next_attempt_at) })}`
              : null}
          </p>
          {delivery.status !== 'delivered' && delivery.attempts > 0 ? (
            <p className="mt-1 text-xs break-words text-fg" data-last-error>
              {delivery.last_status === null
                ? t('keys.deliveries.noAnswer')
                : t('keys.deliveries.lastStatus', { status: delivery.last_status })}
              {delivery.last_error ? ` — ${delivery.last_error}` : null}
            </p>
          ) : null}
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={replay.isPending}
          onClick={() => replay.mutate()}
          aria-label={`${t('keys.deliveries.replay')}: ${t(`keys.deliveries.events.${eventKeys[delivery.event_type]}`)}, ${date(delivery.created)}`}
        >
          {t('keys.deliveries.replay')}
        </Button>
      </div>
    </li>
  );
}
