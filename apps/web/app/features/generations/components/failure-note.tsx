import type { GenerationRecord } from '@kadr/contract';
import { clsx } from 'clsx';
import { failureText, isCanceled } from '~/features/generations/canceled';
import { useTranslation } from '~/lib/use-translation';

/** A failed generation's error text and the refund that went with it. */
export function FailureNote({
  record,
  alert = false,
  className,
}: {
  record: GenerationRecord;
  /** Announce it (a panel the person is watching), rather than just show it (history). */
  alert?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('app');
  const canceled = isCanceled(record);
  return (
    <div
      role={alert && !canceled ? 'alert' : undefined}
      className={clsx(
        'rounded-xl border p-3',
        canceled ? 'border-line bg-line/30' : 'border-red-400/30 bg-red-400/10',
        className,
      )}
    >
      {canceled ? (
        <p className="text-fg">{t('generation.canceledNote')}</p>
      ) : (
        <p className="text-red-200">{failureText(record, t)}</p>
      )}
      <p className="mt-1 text-fg-muted">{t('generation.refunded', { count: record.cost })}</p>
    </div>
  );
}
