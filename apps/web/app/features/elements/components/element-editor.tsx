import '~/locales/app-elements';
import '~/locales/app-elements-editor';
import { characterTraining } from '@kadr/catalog';
import { elementPicturesMax, type LibraryElement } from '@kadr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Archive, ArchiveRestore, ImagePlus, LoaderCircle, Star, Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { isNotFound } from '~/features/generations/hooks';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { addElementPictures, deleteElement, removeElementPicture, updateElement } from '../api';
import { forget, remember, useElement } from '../hooks';
import { draftBlocker, draftUrls, roomLeft } from '../picture-draft';
import { type Refusal, refusalOf } from '../problems';
import { DescriptionField, FormError, NameField } from './element-fields';
import { PictureField, usePictureDraft } from './picture-field';
import { TrainingSection } from './training-section';

/**
 * One element open: rename it, describe it, choose its cover, add and take out pictures, train a
 * character, archive it or bring it back, delete it (after asking). Each change is saved by
 * itself, and a refusal is said next to what caused it, with what was typed kept.
 */
export function ElementEditor({
  id,
  open,
  onOpenChange,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const element = useElement(id, open, client);
  const data = element.data;
  const title = data?.name ?? t('elementsEditor.edit.loading');
  const description = data
    ? t('elementsEditor.edit.kindAndCount', {
        kind: t(`elements.kinds.${data.kind}`),
        pictures: t('elements.pictures', { count: data.pictures.length }),
      })
    : undefined;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closeLabel={t('elementsEditor.close')}
      className="sm:max-w-2xl"
      header={
        data?.archived ? (
          <p className="mb-2 inline-flex rounded-full bg-line px-2.5 py-0.5 text-xs font-medium text-fg-muted">
            {t('elements.archivedBadge')}
          </p>
        ) : null
      }
    >
      {data ? (
        <EditorBody key={data.id} element={data} onClose={() => onOpenChange(false)} />
      ) : element.isError ? (
        <p role="alert" className="mt-6 text-fg">
          {isNotFound(element.error)
            ? t('elementsEditor.edit.notFound')
            : t('elementsEditor.edit.loadFailed')}
        </p>
      ) : (
        <p className="mt-6 text-sm text-fg-muted" aria-live="polite">
          {t('elementsEditor.edit.loading')}
        </p>
      )}
    </Modal>
  );
}

function EditorBody({ element, onClose }: { element: LibraryElement; onClose: () => void }) {
  return (
    <div className="mt-6 space-y-8" data-element-editor={element.id}>
      <DetailsForm element={element} />
      <PicturesSection element={element} />
      {characterTraining.kinds.includes(element.kind) ? (
        <TrainingSection element={element} />
      ) : null}
      <ArchiveSection element={element} />
      <DeleteSection element={element} onDeleted={onClose} />
    </div>
  );
}

type Errors = Partial<Record<Refusal['field'], string>>;

/** The name and the description, saved together when either changed. */
function DetailsForm({ element }: { element: LibraryElement }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const client = useQueryClient();
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(element.name);
  const [description, setDescription] = useState(element.description);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const changed = name.trim() !== element.name || description.trim() !== element.description;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !changed) return;
    if (!name.trim()) {
      setErrors({ name: t('elementsEditor.name.required') });
      nameRef.current?.focus();
      return;
    }
    setSaving(true);
    setErrors({});
    setSaved(false);
    try {
      const answer = await updateElement(element.id, {
        ...(name.trim() === element.name ? {} : { name: name.trim() }),
        ...(description.trim() === element.description ? {} : { description: description.trim() }),
      });
      remember(client, answer);
      setName(answer.name);
      setDescription(answer.description);
      setSaved(true);
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      const refusal = refusalOf(failure, t, tCommon);
      setErrors({ [refusal.field]: refusal.message });
      if (refusal.field === 'name') nameRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="mb-3 text-base font-semibold text-fg">
        {t('elementsEditor.edit.details')}
      </h3>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-4"
        data-element-details=""
      >
        <NameField
          id={`${id}-name`}
          value={name}
          error={errors.name ?? null}
          inputRef={nameRef}
          onChange={(value) => {
            setName(value);
            setSaved(false);
            if (errors.name) setErrors(({ name: _, ...rest }) => rest);
          }}
        />
        <DescriptionField
          id={`${id}-description`}
          value={description}
          error={errors.description ?? null}
          onChange={(value) => {
            setDescription(value);
            setSaved(false);
            if (errors.description) setErrors(({ description: _, ...rest }) => rest);
          }}
        />
        <FormError message={errors.form ?? errors.pictures ?? errors.cover ?? null} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="text-sm text-fg-muted" aria-live="polite" data-details-saved="">
            {saved ? t('elementsEditor.edit.saved') : ''}
          </p>
          <Button type="submit" variant="secondary" disabled={saving || !changed}>
            {saving ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {saving ? t('elementsEditor.edit.saving') : t('elementsEditor.edit.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The element's pictures: the cover chosen, one taken out, more added. */
function PicturesSection({ element }: { element: LibraryElement }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const client = useQueryClient();
  const id = useId();
  const count = element.pictures.length;
  const adding = usePictureDraft(roomLeft(count, elementPicturesMax));
  const [addOpen, setAddOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [addError, setAddError] = useState<{ message: string; picture?: number } | null>(null);
  const [status, setStatus] = useState('');

  // What was said of the pictures being added no longer holds once they change.
  const draft = adding.draft;
  useEffect(() => {
    void draft;
    setAddError(null);
  }, [draft]);

  const change = async (key: string, call: () => Promise<LibraryElement>, done: string) => {
    if (busy) return;
    setBusy(key);
    setError(null);
    setStatus('');
    try {
      remember(client, await call());
      setStatus(done);
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      setError(refusalOf(failure, t, tCommon).message);
    } finally {
      setBusy(null);
    }
  };

  const add = async () => {
    if (busy) return;
    const blocker = draftBlocker(adding.draft);
    if (blocker) {
      setAddError({
        message:
          blocker.kind === 'empty'
            ? t('elementsEditor.pictures.required')
            : blocker.kind === 'uploading'
              ? t('elementsEditor.pictures.waitUploads')
              : t('elementsEditor.pictures.fixFailed', { number: blocker.number }),
      });
      return;
    }
    const urls = draftUrls(adding.draft);
    setBusy('add');
    setError(null);
    setStatus('');
    try {
      remember(client, await addElementPictures(element.id, urls));
      adding.reset();
      setAddOpen(false);
      setStatus(t('elementsEditor.edit.added', { count: urls.length }));
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      const refusal = refusalOf(failure, t, tCommon);
      setAddError({ message: refusal.message, picture: refusal.picture });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 id={`${id}-heading`} className="text-base font-semibold text-fg">
          {t('elementsEditor.edit.picturesTitle')}
        </h3>
        <p className="text-xs text-fg-muted tabular-nums" data-element-picture-count="">
          {t('elementsEditor.pictures.count', { count, max: elementPicturesMax })}
        </p>
      </div>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-busy={busy ? true : undefined}>
        {element.pictures.map((picture, index) => {
          const number = index + 1;
          const cover = element.cover?.id === picture.id;
          return (
            <li
              key={picture.id}
              className="min-w-0"
              data-element-picture={picture.id}
              data-cover={cover ? '' : undefined}
            >
              <div
                className={clsx(
                  'relative aspect-square overflow-hidden rounded-lg border bg-surface',
                  cover ? 'border-accent-soft ring-2 ring-accent-soft' : 'border-line',
                )}
              >
                <img
                  src={picture.url}
                  alt={t('elementsEditor.pictures.picture', { number })}
                  loading="lazy"
                  className="size-full object-cover"
                />
                {cover ? (
                  <span className="absolute bottom-1 left-1 rounded-md bg-black/75 px-1.5 py-0.5 text-[11px] font-medium text-white">
                    {t('elementsEditor.edit.cover')}
                  </span>
                ) : null}
                <button
                  type="button"
                  aria-pressed={cover}
                  aria-label={
                    cover
                      ? t('elementsEditor.edit.isCover', { number })
                      : t('elementsEditor.edit.makeCover', { number })
                  }
                  title={
                    cover
                      ? t('elementsEditor.edit.isCover', { number })
                      : t('elementsEditor.edit.makeCover', { number })
                  }
                  disabled={busy !== null}
                  onClick={() =>
                    cover
                      ? undefined
                      : void change(
                          `cover:${picture.id}`,
                          () => updateElement(element.id, { cover: picture.id }),
                          t('elementsEditor.edit.coverDone'),
                        )
                  }
                  className="absolute top-1 left-1 inline-flex size-8 items-center justify-center rounded-lg bg-surface/90 text-fg hover:bg-line focus-visible:outline-2 focus-visible:outline-accent-soft disabled:opacity-60"
                >
                  {busy === `cover:${picture.id}` ? (
                    <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                  ) : (
                    <Star
                      aria-hidden="true"
                      className={clsx('size-4', cover && 'fill-accent-soft text-accent-soft')}
                    />
                  )}
                </button>
                <button
                  type="button"
                  aria-label={t('elementsEditor.pictures.remove', { number })}
                  title={t('elementsEditor.pictures.remove', { number })}
                  disabled={busy !== null}
                  onClick={() =>
                    void change(
                      `remove:${picture.id}`,
                      () => removeElementPicture(element.id, picture.id),
                      t('elementsEditor.edit.removed'),
                    )
                  }
                  className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-lg bg-surface/90 text-fg hover:bg-line focus-visible:outline-2 focus-visible:outline-accent-soft disabled:opacity-60"
                >
                  {busy === `remove:${picture.id}` ? (
                    <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                  ) : (
                    <X aria-hidden="true" className="size-4" />
                  )}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-300" data-field-error="pictures">
          {error}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-fg-muted" aria-live="polite" data-pictures-status="">
        {status}
      </p>

      {addOpen ? (
        <div className="mt-4 space-y-4 rounded-xl border border-line p-4" data-add-pictures="">
          <PictureField
            state={adding}
            label={t('elementsEditor.edit.add')}
            existing={count}
            error={addError?.message ?? null}
            errorId={`${id}-add-error`}
            flagged={addError?.picture}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              onClick={() => {
                adding.reset();
                setAddOpen(false);
              }}
            >
              {t('elementsEditor.edit.addCancel')}
            </Button>
            <Button
              disabled={busy !== null || adding.draft.length === 0}
              onClick={() => void add()}
            >
              {busy === 'add' ? (
                <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
              ) : null}
              {adding.draft.length > 0
                ? t('elementsEditor.edit.addSubmit', { count: adding.draft.length })
                : t('elementsEditor.edit.add')}
            </Button>
          </div>
        </div>
      ) : count < elementPicturesMax ? (
        <Button variant="secondary" className="mt-3" onClick={() => setAddOpen(true)}>
          <ImagePlus aria-hidden="true" />
          {t('elementsEditor.edit.add')}
        </Button>
      ) : (
        <p className="mt-3 text-sm text-fg-muted">
          {t('elementsEditor.pictures.full', { count: elementPicturesMax })}
        </p>
      )}
    </section>
  );
}

/** Archive the element, or bring it back: it stays the person's either way. */
function ArchiveSection({ element }: { element: LibraryElement }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const client = useQueryClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await updateElement(element.id, { archived: !element.archived });
      remember(client, answer);
      toast.success(
        answer.archived
          ? t('elementsEditor.edit.archived', { name: answer.name })
          : t('elementsEditor.edit.unarchived', { name: answer.name }),
      );
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      setError(refusalOf(failure, t, tCommon).message);
    } finally {
      setBusy(false);
    }
  };
  const Icon = element.archived ? ArchiveRestore : Archive;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-xl border border-line p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h3 id={`${id}-heading`} className="text-sm font-semibold text-fg">
          {t('elementsEditor.edit.archiveTitle')}
        </h3>
        <p className="mt-1 text-sm text-fg-muted">
          {element.archived
            ? t('elementsEditor.edit.archivedText')
            : t('elementsEditor.edit.archiveText')}
        </p>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {error}
          </p>
        ) : null}
      </div>
      <Button variant="secondary" disabled={busy} onClick={() => void toggle()}>
        {busy ? (
          <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
        ) : (
          <Icon aria-hidden="true" />
        )}
        {element.archived ? t('elementsEditor.edit.unarchive') : t('elementsEditor.edit.archive')}
      </Button>
    </section>
  );
}

/**
 * Delete the element after a question that says what stays (results made with it, and its
 * pictures' files).
 */
function DeleteSection({ element, onDeleted }: { element: LibraryElement; onDeleted: () => void }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const client = useQueryClient();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const question = useRef<HTMLHeadingElement>(null);
  // Where focus goes when the question opens (the question) and closes unanswered (its button).
  const asked = useRef(false);
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (asked.current) document.getElementById(`${id}-open`)?.focus();
    asked.current = asking;
  }, [asking, id]);

  const remove = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await deleteElement(element.id);
      forget(client, element.id);
      toast.success(t('elementsEditor.edit.deleted', { name: element.name }));
      onDeleted();
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      setError(refusalOf(failure, t, tCommon).message);
      setBusy(false);
    }
  };

  if (!asking) {
    return (
      <div className="flex justify-end">
        <Button id={`${id}-open`} variant="ghost" onClick={() => setAsking(true)}>
          <Trash2 aria-hidden="true" />
          {t('elementsEditor.edit.delete')}
        </Button>
      </div>
    );
  }
  return (
    <section
      aria-labelledby={`${id}-question`}
      aria-describedby={`${id}-text`}
      className="rounded-xl border border-red-400/40 bg-red-500/10 p-4"
      data-delete-question=""
    >
      <h3
        id={`${id}-question`}
        ref={question}
        tabIndex={-1}
        className="text-base font-semibold text-fg outline-none"
      >
        {t('elementsEditor.edit.deleteTitle', { name: element.name })}
      </h3>
      <p id={`${id}-text`} className="mt-1 text-sm text-fg-muted">
        {t('elementsEditor.edit.deleteText')}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
          {t('elementsEditor.cancel')}
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => void remove()}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          {busy ? t('elementsEditor.edit.deleting') : t('elementsEditor.edit.deleteConfirm')}
        </Button>
      </div>
    </section>
  );
}
