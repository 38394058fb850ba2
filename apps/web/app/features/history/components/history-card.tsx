import '~/locales/app-library';
import type { GenerationRecord } from '@kadr/contract';
import {
  Copy,
  CornerDownRight,
  Image as ImageIcon,
  LoaderCircle,
  TriangleAlert,
  UserRound,
  Video,
} from 'lucide-react';
import { useRef } from 'react';
import { isCanceled } from '~/features/generations/canceled';
import { FailureNote } from '~/features/generations/components/failure-note';
import { GenerationActions } from '~/features/generations/components/generation-actions';
import { GenerationMedia } from '~/features/generations/components/generation-media';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { WaitingNote } from '~/features/generations/components/waiting-note';
import { CollectionsButton } from '~/features/generations/library/collections-button';
import { DeleteButton } from '~/features/generations/library/delete-button';
import { FavoriteButton } from '~/features/generations/library/favorite-button';
import { ShareButton } from '~/features/generations/library/share-button';
import { VideoPreview } from '~/features/generations/library/video-preview';
import { captionOf, madeWith, toolOf, uploadedSource } from '~/features/generations/lineage';
import { formatDate } from '~/lib/format';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

function Preview({
  record,
  onOpen,
}: {
  record: GenerationRecord;
  onOpen?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('app');
  const touchStarted = useRef(false);
  const file = record.expand.output_files[0];
  if (record.status === 'completed' && file) {
    const alt = t('generation.result', { prompt: captionOf(record, i18n.language) });
    const media = file.mime.startsWith('video/') ? (
      <VideoPreview
        file={file}
        alt={alt}
        // On a touch screen the first tap plays the clip; the next one opens the viewer.
        onTouchPlay={(wasPlaying) => {
          touchStarted.current = !wasPlaying;
        }}
      />
    ) : (
      <GenerationMedia record={record} file={file} preview className="object-cover" />
    );
    if (!onOpen) return media;
    return (
      <button
        type="button"
        aria-label={t('viewer.open')}
        className="block h-full w-full cursor-zoom-in"
        onClick={() => {
          if (touchStarted.current) {
            touchStarted.current = false;
            return;
          }
          onOpen();
        }}
      >
        {media}
      </button>
    );
  }
  const Icon =
    record.status === 'failed'
      ? TriangleAlert
      : record.status === 'completed'
        ? ImageIcon
        : LoaderCircle;
  return (
    <div className="flex h-full items-center justify-center bg-gradient-to-br from-accent/15 via-surface to-surface">
      <Icon
        aria-hidden="true"
        className={
          record.status === 'failed'
            ? 'size-7 text-red-300'
            : record.status === 'completed'
              ? 'size-7 text-accent-soft'
              : 'size-7 text-accent-soft motion-safe:animate-spin'
        }
      />
    </div>
  );
}

/**
 * What a result was made from (lineage): another result — a button opening it in the viewer when
 * it can — or the person's own picture.
 */
function MadeFrom({
  record,
  onOpenSource,
}: {
  record: GenerationRecord;
  onOpenSource?: ((source: string) => void) | undefined;
}) {
  const { t } = useTranslation('app');
  const source = record.source_id;
  const marker = 'inline-flex items-center gap-1 text-xs text-fg-muted';
  if (source !== null) {
    const content = (
      <>
        <CornerDownRight aria-hidden="true" className="size-3.5" />
        {t(record.type === 'video' ? 'generation.madeFromClip' : 'generation.madeFromResult')}
      </>
    );
    return onOpenSource ? (
      <button
        type="button"
        onClick={() => onOpenSource(source)}
        data-made-from={source}
        className={`${marker} self-start rounded underline-offset-4 hover:text-fg hover:underline`}
      >
        {content}
      </button>
    ) : (
      <p data-made-from={source} className={marker}>
        {content}
      </p>
    );
  }
  if (uploadedSource(record) === undefined) return null;
  return (
    <p data-made-from="upload" className={marker}>
      <CornerDownRight aria-hidden="true" className="size-3.5" />
      {t('generation.madeFromUpload')}
    </p>
  );
}

/** One generation in history: what, how it went, when, the prompt, the result and actions. */
export function HistoryCard({
  record,
  onOpen,
  onOpenSource,
}: {
  record: GenerationRecord;
  /** Opens the result in the viewer. */
  onOpen?: (() => void) | undefined;
  /** Opens the result it was made from in the viewer (over this one). */
  onOpenSource?: ((source: string) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('app');
  const prompt = record.jsondata.prompt ?? '';
  const tool = toolOf(record);
  const date = formatDate(record.created, i18n.language, 'mediumWithTime');
  const TypeIcon = record.type === 'video' ? Video : ImageIcon;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      toast.success(t('generation.promptCopied'));
    } catch (error) {
      console.warn('Copying the prompt failed', error);
      toast.error(t('generation.copyFailed'));
    }
  };

  return (
    <article
      aria-label={`${t(`generation.type.${record.type}`)}: ${captionOf(record, i18n.language)}`}
      data-generation={record.id}
      data-tool={tool ? record.model : undefined}
      data-status={record.status}
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised/60"
    >
      <div className="aspect-video w-full overflow-hidden bg-black/40">
        <Preview record={record} onOpen={onOpen} />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <span className="inline-flex items-center gap-1 font-medium text-fg">
            <TypeIcon aria-hidden="true" className="size-3.5" />
            {t(`generation.type.${record.type}`)}
          </span>
          <StatusBadge status={record.status} canceled={isCanceled(record)} />
          <time dateTime={record.created} className="ml-auto">
            {date}
          </time>
        </div>
        {prompt === '' ? (
          <p className="text-sm text-fg-muted">{t('generation.noPrompt')}</p>
        ) : (
          <div className="flex items-start gap-2">
            <p className="line-clamp-3 min-w-0 flex-1 text-sm text-fg">{prompt}</p>
            <button
              type="button"
              onClick={() => void copy()}
              aria-label={t('generation.copyPrompt')}
              title={t('generation.copyPrompt')}
              className="-mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg"
            >
              <Copy aria-hidden="true" className="size-4" />
            </button>
          </div>
        )}
        <MadeFrom record={record} onOpenSource={onOpenSource} />
        <UsedElementsLine record={record} />
        <div className="-my-1 flex items-center gap-1">
          <FavoriteButton record={record} />
          <CollectionsButton record={record} />
          <ShareButton record={record} />
          <span className="ml-auto">
            <DeleteButton record={record} />
          </span>
        </div>
        {record.status === 'failed' ? <FailureNote record={record} className="text-xs" /> : null}
        <WaitingNote record={record} className="text-xs" />
        <p className="text-xs text-fg-muted">
          <span data-made-with className={tool ? 'font-medium text-fg' : undefined}>
            {madeWith(record, i18n.language)}
          </span>{' '}
          · {t('generation.cost', { count: record.cost })}
        </p>
        <div className="mt-auto">
          <GenerationActions record={record} />
        </div>
      </div>
    </article>
  );
}

/**
 * The library elements a result was made with (issue #47), by the names they had then (the
 * viewer links each to the library).
 */
function UsedElementsLine({ record }: { record: GenerationRecord }) {
  const { t } = useTranslation('app');
  const names = (record.jsondata.elements ?? []).map((element) => element.name);
  if (names.length === 0) return null;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-xs text-fg-muted" data-used-elements="">
      <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="truncate">{t('history.elements', { names: names.join(', ') })}</span>
    </p>
  );
}

export function HistoryCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-skeleton
      className="overflow-hidden rounded-2xl border border-line bg-surface-raised/60"
    >
      <div className="aspect-video w-full bg-line/50 motion-safe:animate-pulse" />
      <div className="space-y-3 p-4">
        <div className="h-3 w-1/2 rounded bg-line/70 motion-safe:animate-pulse" />
        <div className="h-3 w-full rounded bg-line/70 motion-safe:animate-pulse" />
        <div className="h-3 w-2/3 rounded bg-line/70 motion-safe:animate-pulse" />
        <div className="h-8 w-1/2 rounded-lg bg-line/70 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}
