import '~/locales/app-run';
import { acceptedImageTypes, isAcceptedImageType } from '@kadr/catalog';
import { Repeat, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { limitMessage } from '~/lib/problem-text';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import type { FieldProps } from '../run/components/field-props';
import { uploadImage } from '../run/run-api';
import { DropZone } from './drop-zone';
import { LibrarySources } from './library-sources';
import { uploadFailureText } from './upload-failure';

/**
 * An input image: pick a file or drop one; it is uploaded at once and the parameter takes the
 * URL our server gives back. Only JPEG, PNG, GIF and WebP are taken (the server checks the bytes).
 */
export type ImageInputProps = FieldProps & {
  label: string;
  labelId: string;
  hints: string[];
  /** What offers another file parameter's picture here says (`def.sameAs`), in the language. */
  sameAsLabel?: string;
};

export function ImageInput({
  def,
  value,
  error,
  onChange,
  onUploadingChange,
  label,
  labelId,
  hints,
  values,
  sameAsLabel,
}: ImageInputProps) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [uploading, setUploading] = useState(false);
  const accept = (def.accept ?? acceptedImageTypes).join(',');

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImageType(file.type)) {
      toast.error(t('run.upload.wrongType'));
      return;
    }
    setUploading(true);
    onUploadingChange(true);
    try {
      const { url } = await uploadImage(file);
      if (url) onChange(url);
      else toast.error(t('run.upload.unknown'));
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(limitMessage(failure, tCommon) ?? uploadFailureText(failure, t));
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  const url = typeof value === 'string' && value !== '' ? value : null;
  // Another parameter's picture offered here (a loop: the first frame as the last), unless taken.
  const other = def.sameAs ? values[def.sameAs.param] : null;
  const same = typeof other === 'string' && other !== '' && other !== url ? other : null;

  return (
    <div className="min-w-0">
      <p id={labelId} className="mb-1.5 text-sm font-medium text-fg">
        {label}
      </p>
      {url ? (
        <div className="relative w-fit overflow-hidden rounded-xl border border-line bg-surface">
          <img
            src={url}
            alt={t('run.upload.preview')}
            className="h-32 w-auto max-w-full object-contain"
            height={128}
          />
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={t('run.upload.remove')}
            className="absolute top-1.5 right-1.5 inline-flex size-8 items-center justify-center rounded-lg bg-surface/90 text-fg hover:bg-line"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : (
        <DropZone
          inputId={inputId}
          busy={uploading}
          invalid={Boolean(error)}
          onFile={(file) => void upload(file)}
          className="py-5"
          title={uploading ? t('run.upload.uploading') : t('run.upload.choose')}
          hint={`${t('run.upload.drop')} · ${t('run.upload.formats')}`}
        >
          <input
            id={inputId}
            type="file"
            accept={accept}
            disabled={uploading}
            aria-labelledby={labelId}
            aria-describedby={hints.length > 0 ? hintId : undefined}
            className="sr-only"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              void upload(file);
            }}
          />
        </DropZone>
      )}
      {url ? null : (
        // Or one of the library's pictures (issue #48: a frame from a saved character or product);
        // folded, and read only when opened.
        <div className="mt-2">
          <LibrarySources onPick={(source) => onChange(source.url)} disabled={uploading} />
        </div>
      )}
      {same && sameAsLabel ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="mt-2"
          data-same-as={def.sameAs?.param}
          onClick={() => onChange(same)}
        >
          <Repeat aria-hidden="true" />
          {sameAsLabel}
        </Button>
      ) : null}
      {hints.length > 0 ? (
        <p id={hintId} className="mt-1 text-xs text-fg-muted">
          {hints.join(' ')}
        </p>
      ) : null}
      {error ? <p className="mt-1 text-xs text-red-300">{error}</p> : null}
    </div>
  );
}
