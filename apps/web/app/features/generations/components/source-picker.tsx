import '~/locales/app-studio';
import '~/locales/app-tools';
import { acceptedImageTypes, isAcceptedImageType } from '@kadr/catalog';
import { ImagePlus, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { uploadFailureText } from '~/features/generations/components/image-input';
import { useHistoryPage } from '~/features/generations/hooks';
import { uploadImage } from '~/features/generations/run-api';
import { limitMessage } from '~/lib/problem-text';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { sourceOfRecord, type ToolSource } from '../tool-run';

const recentCount = 12;

/** Choosing the picture: upload one, or pick one of the person's recent image results. */
export function SourcePicker({ onPick }: { onPick: (source: ToolSource) => void }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const recent = useHistoryPage({ type: 'image', page: 1, perPage: recentCount });
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const results = (recent.data?.items ?? []).flatMap((record) => {
    const source = sourceOfRecord(record, origin);
    const file = record.expand.output_files[0];
    return source && file ? [{ record, source, thumbnail: file.thumbnail ?? file.url }] : [];
  });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImageType(file.type)) {
      toast.error(t('studio.upload.wrongType'));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadImage(file);
      onPick({ ...uploaded, generationId: null });
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(limitMessage(failure, tCommon) ?? uploadFailureText(failure, t));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="space-y-4">
      <label
        htmlFor={inputId}
        className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-line px-4 py-6 text-center transition-colors focus-within:outline-2 focus-within:outline-accent-soft hover:bg-surface-raised"
      >
        {uploading ? (
          <LoaderCircle
            aria-hidden="true"
            className="size-5 text-accent-soft motion-safe:animate-spin"
          />
        ) : (
          <ImagePlus aria-hidden="true" className="size-5 text-accent-soft" />
        )}
        <span className="text-sm font-medium text-fg">
          {uploading ? t('tools.picture.uploading') : t('tools.picture.upload')}
        </span>
        <span className="text-xs text-fg-muted">{t('tools.picture.uploadHint')}</span>
        <input
          id={inputId}
          type="file"
          accept={acceptedImageTypes.join(',')}
          disabled={uploading}
          data-source-upload=""
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            void upload(file);
          }}
        />
      </label>
      <section aria-labelledby={`${inputId}-recent`}>
        <h3 id={`${inputId}-recent`} className="mb-2 text-sm font-medium text-fg">
          {t('tools.picture.recent')}
        </h3>
        {recent.isSuccess && results.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('tools.picture.recentEmpty')}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {results.map(({ record, source, thumbnail }) => (
              <li key={record.id}>
                <button
                  type="button"
                  data-recent={record.id}
                  onClick={() => onPick(source)}
                  className="block aspect-square w-full overflow-hidden rounded-lg border border-line bg-surface hover:border-accent-soft focus-visible:outline-2 focus-visible:outline-accent-soft"
                >
                  <img
                    src={thumbnail}
                    alt={t('tools.picture.recentAlt', {
                      prompt: record.jsondata.prompt || record.model,
                    })}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
