import '~/locales/app-elements-editor';
import { type ElementKind, elementKinds, elementPicturesMax } from '@kadr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LoaderCircle, Package, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { createElement } from '../api';
import { remember } from '../hooks';
import { draftBlocker, draftUrls } from '../picture-draft';
import { type Refusal, refusalOf } from '../problems';
import { DescriptionField, FormError, NameField } from './element-fields';
import { type PictureDraftState, PictureField, usePictureDraft } from './picture-field';

type Errors = Partial<Record<Refusal['field'], string>>;

const kindIcons = { character: UserRound, product: Package } as const;

/**
 * Making an element: its kind, name, description and 1–20 pictures (uploaded from the device or
 * picked from the person's results). What was typed and picked is kept while the dialog is shut,
 * and after any refusal, until the element is saved.
 */
export function CreateDialog({
  open,
  onOpenChange,
  kind: initialKind,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The kind chosen first (the one the library shows). */
  kind: ElementKind;
}) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const client = useQueryClient();
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ElementKind>(initialKind);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const pictures = usePictureDraft(elementPicturesMax);
  const [errors, setErrors] = useState<Errors>({});
  const [flagged, setFlagged] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  // Opened again on another kind's list, a form nobody has filled in starts on that kind.
  const untouched = name === '' && description === '' && pictures.draft.length === 0;
  const [openedOn, setOpenedOn] = useState<ElementKind | null>(null);
  if (open && openedOn === null) {
    setOpenedOn(initialKind);
    if (untouched) setKind(initialKind);
  } else if (!open && openedOn !== null) {
    setOpenedOn(null);
  }

  // What was said of the pictures no longer holds once they change (one added, one taken out).
  const draft = pictures.draft;
  useEffect(() => {
    void draft;
    setErrors(({ pictures: _, cover: __, ...rest }) => rest);
    setFlagged(undefined);
  }, [draft]);

  const blockerText = (state: PictureDraftState): string | undefined => {
    const blocker = draftBlocker(state.draft);
    if (!blocker) return undefined;
    if (blocker.kind === 'empty') return t('elementsEditor.pictures.required');
    if (blocker.kind === 'uploading') return t('elementsEditor.pictures.waitUploads');
    return t('elementsEditor.pictures.fixFailed', { number: blocker.number });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found: Errors = {};
    if (!name.trim()) found.name = t('elementsEditor.name.required');
    const picturesError = blockerText(pictures);
    if (picturesError) found.pictures = picturesError;
    setFlagged(undefined);
    setErrors(found);
    if (found.name) nameRef.current?.focus();
    if (found.name || found.pictures) return;
    setSaving(true);
    try {
      const element = await createElement({
        kind,
        name: name.trim(),
        description: description.trim(),
        pictures: draftUrls(pictures.draft),
      });
      remember(client, element);
      toast.success(t('elementsEditor.create.done', { name: element.name }));
      setName('');
      setDescription('');
      pictures.reset();
      onOpenChange(false);
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      const refusal = refusalOf(failure, t, tCommon);
      setErrors({ [refusal.field]: refusal.message });
      setFlagged(refusal.picture);
      if (refusal.field === 'name') nameRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('elementsEditor.create.title')}
      description={t('elementsEditor.create.description')}
      closeLabel={t('elementsEditor.close')}
      className="sm:max-w-2xl"
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-6 space-y-5"
        data-create-element=""
      >
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-fg">
            {t('elementsEditor.kind.label')}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {elementKinds.map((option) => {
              const Icon = kindIcons[option];
              return (
                <label
                  key={option}
                  className={clsx(
                    'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors focus-within:outline-2 focus-within:outline-accent-soft',
                    kind === option
                      ? 'border-accent-soft bg-accent/10'
                      : 'border-line hover:bg-surface-raised',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    value={option}
                    checked={kind === option}
                    onChange={() => setKind(option)}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-soft" />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-fg">
                      {t(`elementsEditor.kind.${option}`)}
                    </span>
                    <span className="block text-xs text-fg-muted">
                      {t(`elementsEditor.kind.${option}Hint`)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <NameField
          id={`${id}-name`}
          value={name}
          error={errors.name ?? null}
          inputRef={nameRef}
          onChange={(value) => {
            setName(value);
            if (errors.name) setErrors(({ name: _, ...rest }) => rest);
          }}
        />
        <DescriptionField
          id={`${id}-description`}
          value={description}
          error={errors.description ?? null}
          onChange={(value) => {
            setDescription(value);
            if (errors.description) setErrors(({ description: _, ...rest }) => rest);
          }}
        />
        <PictureField
          state={pictures}
          label={t('elementsEditor.pictures.label')}
          error={errors.pictures ?? errors.cover ?? null}
          errorId={`${id}-pictures-error`}
          flagged={flagged}
        />
        <FormError message={errors.form ?? null} />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('elementsEditor.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {saving ? t('elementsEditor.create.saving') : t('elementsEditor.create.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
