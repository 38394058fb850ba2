import { type GenerationRecord, type GenerationWait, isFinished } from '@kadr/contract';
import { clsx } from 'clsx';
import { HardDriveUpload, Hourglass } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

/** What a generation that is still running waits for (issue #38), if anything. */
export function waitingFor(record: GenerationRecord | undefined): GenerationWait | undefined {
  if (!record || isFinished(record.status)) return undefined;
  return record.jsondata.waiting_for;
}

const icons = { model: Hourglass, storage: HardDriveUpload } as const;

/**
 * A running generation held up by a part that is away: the model's service is not answering (its
 * submission is retried), or the result is made and waits for the file store. Not a failure — it
 * is said calmly, and goes once the generation moves on (the realtime stream brings the change).
 */
export function WaitingNote({
  record,
  announce = false,
  variant = 'box',
  className,
}: {
  record: GenerationRecord | undefined;
  /** A panel the person is watching: the note is a status, heard when it comes. */
  announce?: boolean;
  /** A box of its own (a card, a panel), or a bare line (a small tile). */
  variant?: 'box' | 'line';
  className?: string;
}) {
  const { t } = useTranslation('app');
  const waiting = waitingFor(record);
  if (!waiting) return null;
  const Icon = icons[waiting];
  return (
    <div
      // Announced as it appears, as FailureNote's alert is, only where the person is watching.
      role={announce ? 'status' : undefined}
      data-waiting-for={waiting}
      className={clsx(
        'flex items-start gap-2 text-fg',
        variant === 'box' && 'rounded-xl border border-line bg-line/20 px-3 py-2',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-accent-soft" />
      <p>{t(`generation.waiting.${waiting}`)}</p>
    </div>
  );
}
