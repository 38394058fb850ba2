import '~/locales/app-elements-editor';
import { acceptedImageTypes, isAcceptedImageType } from '@kadr/catalog';
import { elementPicturesMax } from '@kadr/contract';
import { clsx } from 'clsx';
import { Images, LoaderCircle, RotateCw, TriangleAlert, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DropZone } from '~/features/generations/pictures/drop-zone';
import { uploadFailureText } from '~/features/generations/pictures/upload-failure';
import { limitMessage } from '~/lib/problem-text';
import { useTranslation } from '~/lib/use-translation';
import { uploadPicture } from '../api';
import {
  type DraftPicture,
  type IncomingPicture,
  roomLeft,
  withAdded,
  without,
  withRetry,
  withUploaded,
} from '../picture-draft';
import { type PickedResult, ResultPicker } from './result-picker';

/** Uploads run a few at a time: a phone's connection, and the upload rate limit, share them. */
const uploadsAtOnce = 3;

let serial = 0;
const nextKey = () => {
  serial += 1;
  return `picture-${serial}`;
};

function previewOf(file: File): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

function dropPreview(url: string): void {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
}

export type PictureDraftState = ReturnType<typeof usePictureDraft>;

/**
 * The pictures being gathered, at most `limit`: files are uploaded as soon as they are picked (a
 * few at a time; a failure stays, with its reason and a way to try again), results are taken as
 * they are. `notice` says what was left out (too many, not a picture) until the next change.
 */
export function usePictureDraft(limit: number) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const [draft, setDraft] = useState<DraftPicture[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const current = useRef<DraftPicture[]>([]);
  const queue = useRef<{ key: string; file: File }[]>([]);
  const running = useRef(0);
  const mounted = useRef(true);
  const texts = useRef({ t, tCommon });
  texts.current = { t, tCommon };

  const update = useCallback((change: (draft: DraftPicture[]) => DraftPicture[]) => {
    current.current = change(current.current);
    setDraft(current.current);
  }, []);

  const pump = useCallback(() => {
    while (running.current < uploadsAtOnce && queue.current.length > 0) {
      const next = queue.current.shift();
      if (!next) break;
      // Taken out while it waited: nothing to upload.
      if (!current.current.some((picture) => picture.key === next.key)) continue;
      running.current += 1;
      void uploadPicture(next.file)
        .then(
          (url) => ({ url }),
          (failure: unknown) => {
            console.warn(failure instanceof Error ? failure.message : failure);
            const { t: tApp, tCommon: tShared } = texts.current;
            return { error: limitMessage(failure, tShared) ?? uploadFailureText(failure, tApp) };
          },
        )
        .then((outcome) => {
          running.current -= 1;
          if (!mounted.current) return;
          update((pictures) => withUploaded(pictures, next.key, outcome));
          pump();
        });
    }
  }, [update]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const picture of current.current) dropPreview(picture.preview);
    };
  }, []);

  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const refused = files.filter((file) => !isAcceptedImageType(file.type));
      const incoming: IncomingPicture[] = files
        .filter((file) => isAcceptedImageType(file.type))
        .map((file) => ({ kind: 'file', key: nextKey(), file, preview: previewOf(file) }));
      const result = withAdded(current.current, incoming, limit);
      for (const item of incoming) {
        if (!result.added.some((added) => added.key === item.key)) dropPreview(item.preview);
      }
      update(() => result.draft);
      for (const picture of result.added) {
        if (picture.file) queue.current.push({ key: picture.key, file: picture.file });
      }
      pump();
      const said = [
        refused[0]
          ? t('elementsEditor.pictures.wrongType', { name: refused.map((f) => f.name).join(', ') })
          : '',
        result.overflow > 0
          ? t('elementsEditor.pictures.overflow', {
              count: result.overflow,
              max: elementPicturesMax,
            })
          : '',
      ].filter(Boolean);
      setNotice(said.length > 0 ? said.join(' ') : null);
    },
    [limit, pump, t, update],
  );

  const toggleResult = useCallback(
    (picked: PickedResult) => {
      const there = current.current.find((picture) => picture.result === picked.id);
      if (there) {
        update((pictures) => without(pictures, there.key));
        setNotice(null);
        return;
      }
      const result = withAdded(
        current.current,
        [
          {
            kind: 'result',
            key: nextKey(),
            result: picked.id,
            url: picked.url,
            preview: picked.preview,
          },
        ],
        limit,
      );
      update(() => result.draft);
      setNotice(
        result.overflow > 0
          ? t('elementsEditor.pictures.full', { count: elementPicturesMax })
          : null,
      );
    },
    [limit, t, update],
  );

  const remove = useCallback(
    (key: string) => {
      const picture = current.current.find((item) => item.key === key);
      if (picture) dropPreview(picture.preview);
      update((pictures) => without(pictures, key));
      setNotice(null);
    },
    [update],
  );

  const retry = useCallback(
    (key: string) => {
      const picture = current.current.find((item) => item.key === key);
      if (!picture?.file || picture.state !== 'failed') return;
      update((pictures) => withRetry(pictures, key));
      queue.current.push({ key, file: picture.file });
      pump();
    },
    [pump, update],
  );

  /** Empties the list (its pictures were saved). */
  const reset = useCallback(() => {
    for (const picture of current.current) dropPreview(picture.preview);
    queue.current = [];
    update(() => []);
    setNotice(null);
  }, [update]);

  return { draft, notice, limit, addFiles, toggleResult, remove, retry, reset };
}

/**
 * The pictures of an element being made (or added to one): each with its thumbnail and a way to
 * take it out before saving, a box to pick or drop files (the phone's own picker on a phone), and
 * the person's results to pick from. `existing` pictures the element already holds count towards
 * its limit; `error` is what the form or the server said of the pictures, `flagged` the one it
 * named.
 */
export function PictureField({
  state,
  label,
  existing = 0,
  error,
  errorId,
  flagged,
}: {
  state: PictureDraftState;
  label: string;
  existing?: number;
  error: string | null;
  errorId: string;
  flagged?: number | undefined;
}) {
  const { t } = useTranslation('app');
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const [showResults, setShowResults] = useState(false);
  const { draft, notice, limit } = state;
  const room = roomLeft(draft.length, limit);
  const chosen = new Set(draft.flatMap((picture) => (picture.result ? [picture.result] : [])));

  return (
    <fieldset
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      className="min-w-0 space-y-3"
      data-picture-field=""
    >
      <legend className="flex w-full items-baseline justify-between gap-3 text-sm font-medium text-fg">
        <span>{label}</span>
        <span className="text-xs font-normal text-fg-muted tabular-nums" data-picture-count="">
          {t('elementsEditor.pictures.count', {
            count: existing + draft.length,
            max: elementPicturesMax,
          })}
        </span>
      </legend>
      <p id={hintId} className="-mt-2 text-xs text-fg-muted">
        {existing > 0
          ? t('elementsEditor.pictures.room', { count: roomLeft(existing, elementPicturesMax) })
          : t('elementsEditor.pictures.hint', { count: elementPicturesMax })}
      </p>

      {draft.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {draft.map((picture, index) => (
            <DraftTile
              key={picture.key}
              picture={picture}
              number={index + 1}
              flagged={flagged === index}
              onRemove={() => state.remove(picture.key)}
              onRetry={() => state.retry(picture.key)}
            />
          ))}
        </ul>
      ) : null}

      {room > 0 ? (
        <DropZone
          inputId={inputId}
          busy={false}
          invalid={Boolean(error) && draft.length === 0}
          onFiles={state.addFiles}
          className="py-5"
          title={
            <>
              <span className="sm:hidden">{t('elementsEditor.pictures.choosePhone')}</span>
              <span className="hidden sm:inline">{t('elementsEditor.pictures.choose')}</span>
            </>
          }
          hint={
            <>
              <span className="hidden sm:inline">{t('elementsEditor.pictures.drop')} · </span>
              {t('elementsEditor.pictures.formats')}
            </>
          }
        >
          <input
            id={inputId}
            type="file"
            multiple
            accept={acceptedImageTypes.join(',')}
            data-element-upload=""
            className="sr-only"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              state.addFiles(files);
            }}
          />
        </DropZone>
      ) : (
        <p className="text-sm text-fg-muted" data-pictures-full="">
          {t('elementsEditor.pictures.full', { count: elementPicturesMax })}
        </p>
      )}

      {notice ? (
        <p role="status" className="text-sm text-amber-200" data-picture-notice="">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-300" data-field-error="pictures">
          {error}
        </p>
      ) : null}

      <button
        type="button"
        aria-expanded={showResults}
        onClick={() => setShowResults((shown) => !shown)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm font-medium text-accent-soft hover:text-fg focus-visible:outline-2 focus-visible:outline-accent-soft"
      >
        <Images aria-hidden="true" className="size-4" />
        {showResults
          ? t('elementsEditor.pictures.hideResults')
          : t('elementsEditor.pictures.fromResults')}
      </button>
      {showResults ? (
        <ResultPicker chosen={chosen} full={room === 0} onToggle={state.toggleResult} />
      ) : null}
    </fieldset>
  );
}

function DraftTile({
  picture,
  number,
  flagged,
  onRemove,
  onRetry,
}: {
  picture: DraftPicture;
  number: number;
  flagged: boolean;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('app');
  const failed = picture.state === 'failed';
  return (
    <li className="min-w-0" data-draft-picture={picture.key} data-state={picture.state}>
      <div
        className={clsx(
          'relative aspect-square overflow-hidden rounded-lg border bg-surface',
          failed || flagged ? 'border-red-400' : 'border-line',
        )}
      >
        {picture.preview ? (
          <img
            src={picture.preview}
            alt={t('elementsEditor.pictures.picture', { number })}
            className={clsx('size-full object-cover', picture.state !== 'ready' && 'opacity-50')}
          />
        ) : null}
        {picture.state === 'uploading' ? (
          <span className="absolute inset-0 flex items-center justify-center bg-black/30">
            <LoaderCircle
              aria-hidden="true"
              className="size-6 text-white motion-safe:animate-spin"
            />
            <span className="sr-only">{t('elementsEditor.pictures.uploading')}</span>
          </span>
        ) : null}
        {failed ? (
          <button
            type="button"
            onClick={onRetry}
            aria-label={t('elementsEditor.pictures.retry', { number })}
            className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/60 text-xs text-white hover:bg-black/70"
          >
            <TriangleAlert aria-hidden="true" className="size-5 text-red-300" />
            <span aria-hidden="true">{t('elementsEditor.pictures.failed')}</span>
            <RotateCw aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('elementsEditor.pictures.remove', { number })}
          title={t('elementsEditor.pictures.remove', { number })}
          className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-lg bg-surface/90 text-fg hover:bg-line focus-visible:outline-2 focus-visible:outline-accent-soft"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {picture.error ? (
        <p className="mt-1 text-xs text-red-300" data-picture-error="">
          {picture.error}
        </p>
      ) : null}
    </li>
  );
}
