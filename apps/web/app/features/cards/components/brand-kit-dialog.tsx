import '~/locales/app-cards';
import '~/locales/app-run';
import { acceptedImageTypes, isAcceptedImageType } from '@kadr/catalog';
import {
  type BadgeStyle,
  type BrandKit,
  badgeStyles,
  type CardFont,
  cardFonts,
} from '@kadr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { uploadFailureText } from '~/features/generations/pictures/upload-failure';
import { queryKeys } from '~/features/generations/query-keys';
import { uploadImage } from '~/features/generations/run/run-api';
import { limitMessage } from '~/lib/problem-text';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { saveBrandKit } from '../api';
import { problemText } from '../problems';

/** The fonts' own names (the renderer's, with full Cyrillic). */
const fontNames: Readonly<Record<CardFont, string>> = {
  manrope: 'Manrope',
  'pt-sans': 'PT Sans',
  rubik: 'Rubik',
};

const colourKeys = ['text', 'accent', 'panel'] as const;

/**
 * The seller's brand kit — font, three colours, logo, badge style — reused on every card of every
 * set. Saving it re-draws the previews; it never costs credits.
 */
export function BrandKitDialog({
  open,
  onOpenChange,
  kit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kit: BrandKit | undefined;
}) {
  const { t } = useTranslation('app');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('cards.kit.title')}
      description={t('cards.kit.description')}
      closeLabel={t('cards.kit.close')}
      className="sm:max-w-lg"
    >
      {kit ? (
        <KitForm kit={kit} onDone={() => onOpenChange(false)} />
      ) : (
        <p className="mt-4 text-sm text-fg-muted">{t('cards.kit.loading')}</p>
      )}
    </Modal>
  );
}

function KitForm({ kit, onDone }: { kit: BrandKit; onDone: () => void }) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const ids = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState<BrandKit>(kit);
  const [uploading, setUploading] = useState(false);
  const save = useMutation({
    mutationFn: saveBrandKit,
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.brandKit, saved);
      toast.success(t('cards.kit.saved'));
      onDone();
    },
    onError: (failure) => {
      console.warn(failure.message);
      toast.error(t('cards.kit.failed'), { description: problemText(failure, t, tCommon) });
    },
  });

  const uploadLogo = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImageType(file.type)) {
      toast.error(t('run.upload.wrongType'));
      return;
    }
    setUploading(true);
    try {
      const { url } = await uploadImage(file);
      setDraft((current) => ({ ...current, logo: url }));
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      toast.error(limitMessage(failure, tCommon) ?? uploadFailureText(failure, t));
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <form onSubmit={submit} className="mt-6 space-y-6" data-brand-kit="">
      <Choices
        legend={t('cards.kit.font')}
        name={`${ids}-font`}
        options={cardFonts.map((font) => ({ value: font, label: fontNames[font] }))}
        value={draft.font}
        onChange={(font) => setDraft((current) => ({ ...current, font: font as CardFont }))}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">{t('cards.kit.colours')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {colourKeys.map((key) => (
            <label
              key={key}
              className="flex min-w-0 flex-col items-center gap-1.5 rounded-xl border border-line bg-surface p-2 text-xs text-fg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft"
            >
              <input
                type="color"
                value={draft.colours[key]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraft((current) => ({
                    ...current,
                    colours: { ...current.colours, [key]: value },
                  }));
                }}
                className="h-9 w-full cursor-pointer rounded-lg border-0 bg-transparent"
              />
              {t(`cards.kit.colour.${key}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <p id={`${ids}-logo`} className="mb-2 text-sm font-medium text-fg">
          {t('cards.kit.logo')}
        </p>
        {draft.logo ? (
          <div className="flex items-center gap-3">
            <div className="flex h-16 w-28 items-center justify-center overflow-hidden rounded-xl border border-line bg-surface p-2">
              <img
                src={draft.logo}
                alt={t('cards.kit.logoAlt')}
                className="max-h-full max-w-full object-contain"
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setDraft((current) => ({ ...current, logo: null }))}
            >
              <X aria-hidden="true" />
              {t('cards.kit.removeLogo')}
            </Button>
          </div>
        ) : (
          <label className="flex cursor-pointer items-center gap-2 rounded-xl border border-dashed border-line px-3 py-3 text-sm text-fg hover:bg-surface has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft">
            {uploading ? (
              <LoaderCircle
                aria-hidden="true"
                className="size-4 text-accent-soft motion-safe:animate-spin"
              />
            ) : (
              <ImagePlus aria-hidden="true" className="size-4 text-accent-soft" />
            )}
            {uploading ? t('cards.kit.uploading') : t('cards.kit.uploadLogo')}
            <input
              type="file"
              accept={acceptedImageTypes.join(',')}
              disabled={uploading}
              aria-labelledby={`${ids}-logo`}
              className="sr-only"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                void uploadLogo(file);
              }}
            />
          </label>
        )}
        <p className="mt-1.5 text-xs text-fg-muted">{t('cards.kit.logoHint')}</p>
      </div>
      <Choices
        legend={t('cards.kit.badge')}
        name={`${ids}-badge`}
        options={badgeStyles.map((style) => ({
          value: style,
          label: t(`cards.kit.badges.${style}`),
        }))}
        value={draft.badgeStyle}
        onChange={(style) =>
          setDraft((current) => ({ ...current, badgeStyle: style as BadgeStyle }))
        }
      />
      <p className="text-xs text-fg-muted">{t('cards.kit.free')}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('cards.kit.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending || uploading}>
          {save.isPending ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : null}
          {t('cards.kit.save')}
        </Button>
      </div>
    </form>
  );
}

/** A row of radio buttons drawn as chips. */
function Choices({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: ReactNode }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              'inline-flex h-10 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft',
              option.value === value
                ? 'border-accent-soft bg-accent/15 text-fg'
                : 'border-line bg-surface text-fg-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-accent"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
