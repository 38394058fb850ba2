import '~/locales/app-run';
import '~/locales/app-tools';
import { acceptedImageTypes, isAcceptedImageType } from '@kadr/catalog';
import type { ElementKind } from '@kadr/contract';
import { Camera } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { useHistoryPage } from '~/features/generations/hooks';
import { DropZone } from '~/features/generations/pictures/drop-zone';
import { uploadFailureText } from '~/features/generations/pictures/upload-failure';
import { uploadImage } from '~/features/generations/run/run-api';
import { limitMessage } from '~/lib/problem-text';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { sourceOfRecord, type ToolSource } from '../tools/tool-run';
import { LibrarySources } from './library-sources';

const recentCount = 12;

/**
 * Choosing the picture: upload one (pick a file, drop one, or on a phone take a photo), pick one
 * of the person's recent image results, or one of their library's pictures (issue #47). `onPick` gets an upload's file name too. `busy` keeps
 * the picker shut while the caller works on what was picked (the card workshop making a set).
 */
export function SourcePicker({
  onPick,
  label,
  hint,
  busy = false,
  libraryKinds,
}: {
  onPick: (source: ToolSource, fileName?: string) => void;
  label?: string;
  hint?: string;
  busy?: boolean;
  /** Which of the library's elements it offers (all when absent): the card workshop's products. */
  libraryKinds?: readonly ElementKind[];
}) {
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
  const working = uploading || busy;

  const upload = async (file: File | undefined) => {
    if (!file || working) return;
    if (!isAcceptedImageType(file.type)) {
      toast.error(t('run.upload.wrongType'));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadImage(file);
      onPick({ ...uploaded, generationId: null }, file.name);
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(limitMessage(failure, tCommon) ?? uploadFailureText(failure, t));
    } finally {
      setUploading(false);
    }
  };

  const fileInput = (capture: boolean) => (
    <input
      id={capture ? `${inputId}-camera` : inputId}
      type="file"
      accept={capture ? 'image/*' : acceptedImageTypes.join(',')}
      capture={capture ? 'environment' : undefined}
      disabled={working}
      data-source-upload={capture ? undefined : ''}
      className="sr-only"
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        void upload(file);
      }}
    />
  );

  return (
    <div className="space-y-4">
      <DropZone
        inputId={inputId}
        busy={working}
        onFile={(file) => void upload(file)}
        className="py-6"
        title={working ? t('tools.picture.uploading') : (label ?? t('tools.picture.upload'))}
        hint={
          <>
            <span className="hidden sm:inline">{t('tools.picture.drop')} · </span>
            {hint ?? t('tools.picture.uploadHint')}
          </>
        }
      >
        {fileInput(false)}
      </DropZone>
      {/* A phone's camera, straight to the picture (desktops show the file picker instead). */}
      <label
        htmlFor={`${inputId}-camera`}
        className={buttonClasses({
          variant: 'secondary',
          className:
            'w-full cursor-pointer focus-within:outline-2 focus-within:outline-accent-soft sm:hidden',
        })}
      >
        <Camera aria-hidden="true" />
        {t('tools.picture.camera')}
        {fileInput(true)}
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
                  disabled={working}
                  onClick={() => onPick(source)}
                  className="block aspect-square w-full overflow-hidden rounded-lg border border-line bg-surface hover:border-accent-soft focus-visible:outline-2 focus-visible:outline-accent-soft disabled:opacity-50"
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
      <LibrarySources
        onPick={onPick}
        disabled={working}
        {...(libraryKinds ? { kinds: libraryKinds } : {})}
      />
    </div>
  );
}
