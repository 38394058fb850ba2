import type { GenerationRecord, OutputFile } from '@kadr/contract';
import { clsx } from 'clsx';
import { useTranslation } from '~/lib/use-translation';
import { captionOf } from '../lineage';

/**
 * A generation's result: the picture, or the video with its poster frame. `preview` shows the
 * small thumbnail (history cards) instead of the full file.
 */
export function GenerationMedia({
  record,
  file,
  preview = false,
  className,
}: {
  record: GenerationRecord;
  file: OutputFile;
  preview?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation('app');
  const alt = t('generation.result', { prompt: captionOf(record, i18n.language) });
  const size = file.width && file.height ? { width: file.width, height: file.height } : undefined;
  if (file.mime.startsWith('video/')) {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        poster={file.thumbnail ?? undefined}
        className={clsx('h-full w-full bg-black object-contain', className)}
        {...size}
      >
        <source src={file.url} type={file.mime} />
        {t('generation.videoUnsupported')}
      </video>
    );
  }
  return (
    <img
      src={preview ? (file.thumbnail ?? file.url) : file.url}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={clsx('h-full w-full object-contain', className)}
      {...size}
    />
  );
}
