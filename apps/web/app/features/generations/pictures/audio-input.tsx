import '~/locales/app-run';
import { acceptedAudioTypes, isAcceptedAudioType, recordingMaxSeconds } from '@kadr/catalog';
import { FileAudio, X } from 'lucide-react';
import { useId, useState } from 'react';
import { limitMessage } from '~/lib/problem-text';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import type { FieldProps } from '../run/components/field-props';
import { uploadRecording } from '../run/run-api';
import { DropZone } from './drop-zone';
import { recordingFailureText } from './upload-failure';

/**
 * A recording (a talking character's voice, ADR 049): pick a file or drop one; it is uploaded at
 * once and the parameter takes the URL the server gives back. The server checks the bytes, reads
 * the length (1 to 30 s) and keeps an MP3; the person hears what was kept and sees how long it is,
 * which is what the video will last.
 */
export type AudioInputProps = FieldProps & { label: string; labelId: string; hints: string[] };

/** Lengths the person hears about: the server's, kept per address for as long as the page lives. */
const lengths = new Map<string, number>();

export function AudioInput({
  value,
  error,
  onChange,
  onUploadingChange,
  label,
  labelId,
  hints,
}: AudioInputProps) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    // A browser may give no type (or an odd one) for a recording: then the server's sniffing decides.
    if (file.type !== '' && !isAcceptedAudioType(file.type) && !file.type.startsWith('audio/')) {
      toast.error(t('run.recording.errors.unsupported_type'));
      return;
    }
    setUploading(true);
    onUploadingChange(true);
    try {
      const kept = await uploadRecording(file);
      lengths.set(kept.url, kept.durationMs);
      onChange(kept.url);
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(limitMessage(failure, tCommon) ?? recordingFailureText(failure, t));
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  const url = typeof value === 'string' && value !== '' ? value : null;
  const length = url ? lengths.get(url) : undefined;

  return (
    <div className="min-w-0">
      <p id={labelId} className="mb-1.5 text-sm font-medium text-fg">
        {label}
      </p>
      {url ? (
        <div className="flex min-w-0 items-center gap-2 rounded-xl border border-line bg-surface p-2">
          {/* biome-ignore lint/a11y/useMediaCaption: the person's own recording, which they just made; it has no captions to give */}
          <audio
            controls
            preload="metadata"
            src={url}
            aria-labelledby={labelId}
            className="h-10 min-w-0 flex-1"
          />
          {length !== undefined ? (
            <span className="shrink-0 text-xs text-fg-muted tabular-nums" data-recording-length>
              {t('run.recording.length', { count: Math.ceil(length / 1000) })}
            </span>
          ) : null}
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={t('run.recording.remove')}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-fg hover:bg-line"
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
          icon={FileAudio}
          className="py-5"
          title={uploading ? t('run.upload.uploading') : t('run.recording.choose')}
          hint={`${t('run.upload.drop')} · ${t('run.recording.formats', { max: recordingMaxSeconds })}`}
        >
          <input
            id={inputId}
            type="file"
            accept={[...acceptedAudioTypes, '.mp3', '.wav', '.m4a', '.aac', '.ogg'].join(',')}
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
      {hints.length > 0 ? (
        <p id={hintId} className="mt-1 text-xs text-fg-muted">
          {hints.join(' ')}
        </p>
      ) : null}
      {error ? <p className="mt-1 text-xs text-red-300">{error}</p> : null}
    </div>
  );
}
