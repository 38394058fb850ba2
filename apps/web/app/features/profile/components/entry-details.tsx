import '~/locales/app';
import '~/locales/app-profile';
import { modelName } from '@kadr/catalog';
import { LoaderCircle } from 'lucide-react';
import { Modal } from '~/components/ui/dialog';
import { failureText, isCanceled } from '~/features/generations/canceled';
import { GenerationActions } from '~/features/generations/components/generation-actions';
import { GenerationMedia } from '~/features/generations/components/generation-media';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { useGenerationRequest } from '~/features/generations/hooks';
import { formatDate } from '~/lib/format';
import { useTranslation } from '~/lib/use-translation';
import { usePayment } from '../hooks';

export type EntryTarget = { kind: 'generation' | 'payment'; id: string };

/** What a statement entry belongs to: its generation, or the person's payment. */
export function EntryDetails({ target, onClose }: { target: EntryTarget; onClose: () => void }) {
  const { t } = useTranslation('app');
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(`profile.statement.${target.kind}`)}
      closeLabel={t('profile.statement.close')}
      className="max-w-lg"
    >
      {target.kind === 'generation' ? (
        <GenerationDetails id={target.id} />
      ) : (
        <PaymentDetails id={target.id} />
      )}
    </Modal>
  );
}

function Loading({ failed }: { failed: boolean }) {
  const { t } = useTranslation('app');
  return failed ? (
    <p className="mt-4 text-sm text-fg">{t('profile.statement.detailsFailed')}</p>
  ) : (
    <div className="mt-6 flex justify-center">
      <LoaderCircle aria-hidden="true" className="size-6 text-fg-muted motion-safe:animate-spin" />
      <span className="sr-only">{t('profile.statement.loading')}</span>
    </div>
  );
}

function GenerationDetails({ id }: { id: string }) {
  const { t } = useTranslation('app');
  const { data, isError } = useGenerationRequest(id);
  if (!data) return <Loading failed={isError} />;
  const file = data.expand.output_files[0];
  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
        <StatusBadge status={data.status} canceled={isCanceled(data)} />
        <span>{modelName(data.model)}</span>
      </div>
      {data.status === 'completed' && file ? (
        <div className="aspect-video overflow-hidden rounded-xl border border-line bg-black/40">
          <GenerationMedia record={data} file={file} />
        </div>
      ) : null}
      <p className="text-sm break-words text-fg">{data.jsondata.prompt}</p>
      <WaitingNote record={data} className="text-sm" />
      {isCanceled(data) ? (
        <p className="text-sm text-fg-muted">{t('generation.canceledNote')}</p>
      ) : data.status === 'failed' ? (
        <p className="text-sm text-red-300">{failureText(data, t)}</p>
      ) : null}
      <GenerationActions record={data} />
    </div>
  );
}

function PaymentDetails({ id }: { id: string }) {
  const { t, i18n } = useTranslation('app');
  const { data, isError } = usePayment(id);
  if (!data) return <Loading failed={isError} />;
  const amount = new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: data.currency,
  }).format(Number(data.amount));
  const date = formatDate(data.created, i18n.language, 'longWithTime');
  const rows: [string, string][] = [
    [t('profile.statement.paymentDetails.date'), date],
    [t('profile.statement.paymentDetails.amount'), amount],
    [
      t('profile.statement.paymentDetails.tokens'),
      t('profile.statement.tokens', { count: data.tokens }),
    ],
    [t('profile.statement.paymentDetails.provider'), t(`profile.topUp.providers.${data.provider}`)],
    [
      t('profile.statement.paymentDetails.status'),
      t(`profile.statement.paymentDetails.statuses.${data.status}`),
    ],
  ];
  if (data.reversed_tokens > 0) {
    rows.push([
      t('profile.statement.paymentDetails.reversed'),
      t('profile.statement.tokens', { count: data.reversed_tokens }),
    ]);
  }
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-fg-muted">{label}</dt>
          <dd className="text-fg">{value}</dd>
        </div>
      ))}
      <dt className="text-fg-muted">{t('profile.statement.paymentDetails.id')}</dt>
      <dd className="font-mono text-xs break-all text-fg">{data.id}</dd>
    </dl>
  );
}
