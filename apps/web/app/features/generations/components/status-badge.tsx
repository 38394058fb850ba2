import type { GenerationStatus } from '@kadr/contract';
import { clsx } from 'clsx';
import { Ban, CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

// Pending yellow, processing blue, completed green, failed red (spec §4); text at 4.5:1 or more.
const look: Record<GenerationStatus, { className: string; Icon: typeof Clock; spin?: boolean }> = {
  pending: { className: 'border-yellow-400/30 bg-yellow-400/10 text-yellow-300', Icon: Clock },
  processing: {
    className: 'border-blue-400/30 bg-blue-400/10 text-blue-300',
    Icon: LoaderCircle,
    spin: true,
  },
  completed: { className: 'border-green-400/30 bg-green-400/10 text-green-300', Icon: CircleCheck },
  failed: { className: 'border-red-400/30 bg-red-400/10 text-red-300', Icon: CircleX },
};
// Cancelled by the person: not a failure, so not red.
const canceledLook = { className: 'border-line bg-line/40 text-fg-muted', Icon: Ban, spin: false };

export function StatusBadge({
  status,
  canceled = false,
}: {
  status: GenerationStatus;
  /** A failed generation the person cancelled (see `isCanceled`). */
  canceled?: boolean;
}) {
  const { t } = useTranslation('app');
  const shown = canceled && status === 'failed';
  const { className, Icon, spin } = shown ? canceledLook : look[status];
  return (
    <span
      data-status={status}
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        className,
      )}
    >
      <Icon aria-hidden="true" className={clsx('size-3.5', spin && 'motion-safe:animate-spin')} />
      {shown ? t('generation.status.canceled') : t(`generation.status.${status}`)}
    </span>
  );
}
