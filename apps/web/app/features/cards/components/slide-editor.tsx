import '~/locales/app-cards';
import { calloutPlaces } from '@kadr/catalog';
import {
  type BulletIcon,
  bulletIcons,
  type CalloutPlacement,
  type CardIssue,
  calloutPlacements,
  cardLimits,
  type Slide,
  type SlidePicture,
  slideKinds,
  slidePictures,
} from '@kadr/contract';
import { clsx } from 'clsx';
import { ArrowLeft, ArrowRight, Plus, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { fieldElementId, issuesAt, issueText, slideFields } from '../issues';
import { newCallout, withPlacement } from '../slides';
import { bulletIconShapes } from './bullet-icon';
import { FreeTag } from './step';

const inputClass =
  'h-11 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-sm text-fg placeholder:text-fg-muted/80 aria-invalid:border-red-400';
const placementClass =
  'h-9 min-w-0 max-w-full rounded-lg border border-line bg-surface px-2 text-xs text-fg';

/**
 * The selected slide's fields: kind, picture, title, 3–5 bullets with icons, badge, callouts and
 * the logo, each with what the check found on it (aria-invalid and the rule's words). Every edit is
 * saved by itself and is free: text and layout never run AI.
 */
export function SlideEditor({
  base,
  slide,
  index,
  count,
  max,
  issues,
  pictures,
  hasLogo,
  onChange,
  onMove,
  onRemove,
}: {
  /** The id prefix of this slide's fields (the check's links focus them). */
  base: string;
  slide: Slide;
  index: number;
  count: number;
  max: number;
  issues: readonly CardIssue[];
  /** Which of the set's pictures exist yet. */
  pictures: Readonly<Record<SlidePicture, boolean>>;
  hasLogo: boolean;
  onChange: (slide: Slide) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  const set = (patch: Partial<Slide>) => onChange({ ...slide, ...patch });
  const idOf = (field: string | null) => fieldElementId(base, field);

  /** A text field's error lines and its aria wiring. */
  const invalid = (field: string) => {
    const found = issuesAt(issues, index, field);
    const errorId = `${idOf(field)}-error`;
    // Only what the marketplace refuses makes the field invalid; a warning is said in amber.
    const refused = found.some((issue) => issue.severity === 'refuse');
    return {
      props: {
        'aria-invalid': refused ? true : undefined,
        'aria-describedby': found.length > 0 ? errorId : undefined,
      },
      message:
        found.length > 0 ? (
          <p
            id={errorId}
            className={clsx('mt-1 text-xs', refused ? 'text-red-300' : 'text-amber-200')}
            data-field-error={field}
          >
            {found.map((issue) => issueText(issue, language).title).join(' · ')}
            {found[0]?.match ? ` — «${found[0].match}»` : ''}
          </p>
        ) : null,
    };
  };

  const title = invalid(slideFields.title);
  const badge = invalid(slideFields.badge);
  // A code read off the drawn slide: the picture it shows carries it.
  const picture = invalid(slideFields.picture);
  const layout = issuesAt(issues, index, null);
  // On a sizes slide each callout has a place: on a dimension line or a tile beside the picture.
  // Where it goes on auto, as the card's layout puts it (by its label, one callout a line, the
  // others where they are).
  const sizes = slide.kind === 'sizes';
  const autoPlace = (at: number) =>
    calloutPlaces(
      slide.callouts.map((callout, i) => (i === at ? withPlacement(callout, 'auto') : callout)),
    )[at] ?? 'beside';

  return (
    <div className="min-w-0 space-y-5" data-slide-editor={index}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-fg">
          {t('cards.editor.heading', { n: index + 1, count })}
        </h3>
        <FreeTag>{t('cards.editor.free')}</FreeTag>
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('cards.editor.moveLeft')}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowLeft aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('cards.editor.moveRight')}
            disabled={index >= count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowRight aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('cards.editor.remove')}
            disabled={count <= 1}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t('cards.editor.kind')} htmlFor={idOf('kind')}>
          <select
            id={idOf('kind')}
            value={slide.kind}
            onChange={(event) => set({ kind: event.currentTarget.value as Slide['kind'] })}
            className={inputClass}
          >
            {slideKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`cards.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('cards.editor.picture')} htmlFor={idOf(slideFields.picture)}>
          <select
            id={idOf(slideFields.picture)}
            value={slide.picture}
            onChange={(event) => set({ picture: event.currentTarget.value as SlidePicture })}
            className={inputClass}
            {...picture.props}
          >
            {slidePictures.map((picture) => (
              <option key={picture} value={picture}>
                {pictures[picture]
                  ? t(`cards.pictures.${picture}`)
                  : t('cards.pictures.notYet', { picture: t(`cards.pictures.${picture}`) })}
              </option>
            ))}
          </select>
          {picture.message}
        </Field>
      </div>

      <Field
        label={t('cards.fields.title')}
        htmlFor={idOf(slideFields.title)}
        counter={`${slide.title.length}/${cardLimits.title}`}
      >
        <input
          id={idOf(slideFields.title)}
          value={slide.title}
          maxLength={cardLimits.title}
          placeholder={t('cards.editor.titlePlaceholder')}
          onChange={(event) => set({ title: event.currentTarget.value })}
          className={inputClass}
          {...title.props}
        />
        {title.message}
      </Field>

      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium text-fg">{t('cards.editor.bullets')}</legend>
        <p className="mb-2 text-xs text-fg-muted">{t('cards.editor.bulletsHint')}</p>
        <ol className="space-y-2">
          {slide.bullets.map((bullet, at) => {
            const field = slideFields.bullet(at);
            const state = invalid(field);
            const Icon = bulletIconShapes[bullet.icon];
            const update = (patch: Partial<typeof bullet>) =>
              set({
                bullets: slide.bullets.map((each, i) => (i === at ? { ...each, ...patch } : each)),
              });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: bullets are edited in place, by position
              <li key={at} className="min-w-0">
                <div className="flex min-w-0 items-center gap-2">
                  <label className="relative flex h-11 w-11 shrink-0 items-center justify-center rounded-xl border border-line bg-surface has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft sm:w-auto sm:justify-start sm:pl-2.5">
                    <Icon aria-hidden="true" className="size-4 text-accent-soft" />
                    <span className="sr-only">{t('cards.editor.icon', { n: at + 1 })}</span>
                    <select
                      value={bullet.icon}
                      onChange={(event) =>
                        update({ icon: event.currentTarget.value as BulletIcon })
                      }
                      className="absolute inset-0 cursor-pointer appearance-none bg-transparent opacity-0 outline-none sm:static sm:h-full sm:w-28 sm:pl-1.5 sm:text-sm sm:text-fg sm:opacity-100"
                    >
                      {bulletIcons.map((icon) => (
                        <option key={icon} value={icon} className="text-fg">
                          {t(`cards.icons.${icon}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label htmlFor={idOf(field)} className="sr-only">
                    {t('cards.fields.bullet', { n: at + 1 })}
                  </label>
                  <input
                    id={idOf(field)}
                    value={bullet.text}
                    maxLength={cardLimits.bullet}
                    placeholder={t('cards.editor.bulletPlaceholder')}
                    onChange={(event) => update({ text: event.currentTarget.value })}
                    className={inputClass}
                    {...state.props}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="size-11 px-0"
                    aria-label={t('cards.editor.removeBullet', { n: at + 1 })}
                    onClick={() => set({ bullets: slide.bullets.filter((_, i) => i !== at) })}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {state.message}
              </li>
            );
          })}
        </ol>
        {slide.bullets.length < cardLimits.bullets ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2"
            onClick={() =>
              set({
                bullets: [
                  ...slide.bullets,
                  {
                    text: '',
                    icon: bulletIcons[slide.bullets.length % bulletIcons.length] ?? 'check',
                  },
                ],
              })
            }
          >
            <Plus aria-hidden="true" />
            {t('cards.editor.addBullet')}
          </Button>
        ) : null}
      </fieldset>

      <Field
        label={t('cards.fields.badge')}
        htmlFor={idOf(slideFields.badge)}
        counter={`${slide.badge.length}/${cardLimits.badge}`}
      >
        <input
          id={idOf(slideFields.badge)}
          value={slide.badge}
          maxLength={cardLimits.badge}
          placeholder={t('cards.editor.badgePlaceholder')}
          onChange={(event) => set({ badge: event.currentTarget.value })}
          className={inputClass}
          {...badge.props}
        />
        {badge.message}
      </Field>

      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium text-fg">{t('cards.editor.callouts')}</legend>
        <p className="mb-2 text-xs text-fg-muted">
          {t(sizes ? 'cards.editor.calloutsHintSizes' : 'cards.editor.calloutsHint')}
        </p>
        <ol className="space-y-2">
          {slide.callouts.map((callout, at) => {
            const labelField = slideFields.calloutLabel(at);
            const valueField = slideFields.calloutValue(at);
            const labelState = invalid(labelField);
            const valueState = invalid(valueField);
            const update = (patch: Partial<typeof callout>) =>
              set({
                callouts: slide.callouts.map((each, i) =>
                  i === at ? { ...each, ...patch } : each,
                ),
              });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: callouts are edited in place, by position
              <li key={at} className="min-w-0">
                <div className="flex min-w-0 items-center gap-2">
                  <label htmlFor={idOf(labelField)} className="sr-only">
                    {t('cards.fields.calloutLabel', { n: at + 1 })}
                  </label>
                  <input
                    id={idOf(labelField)}
                    value={callout.label}
                    maxLength={cardLimits.calloutLabel}
                    placeholder={t('cards.editor.calloutLabelPlaceholder')}
                    onChange={(event) => update({ label: event.currentTarget.value })}
                    className={inputClass}
                    {...labelState.props}
                  />
                  <label htmlFor={idOf(valueField)} className="sr-only">
                    {t('cards.fields.calloutValue', { n: at + 1 })}
                  </label>
                  <input
                    id={idOf(valueField)}
                    value={callout.value}
                    maxLength={cardLimits.calloutValue}
                    placeholder={t('cards.editor.calloutValuePlaceholder')}
                    onChange={(event) => update({ value: event.currentTarget.value })}
                    className={inputClass}
                    {...valueState.props}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="size-11 px-0"
                    aria-label={t('cards.editor.removeCallout', { n: at + 1 })}
                    onClick={() => set({ callouts: slide.callouts.filter((_, i) => i !== at) })}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {sizes ? (
                  <div className="mt-1.5 flex min-w-0 flex-wrap items-center gap-2">
                    <label
                      htmlFor={`${idOf(labelField)}-placement`}
                      className="text-xs text-fg-muted"
                    >
                      {t('cards.editor.placement', { n: at + 1 })}
                    </label>
                    <select
                      id={`${idOf(labelField)}-placement`}
                      value={callout.placement ?? 'auto'}
                      onChange={(event) =>
                        set({
                          callouts: slide.callouts.map((each, i) =>
                            i === at
                              ? withPlacement(each, event.currentTarget.value as CalloutPlacement)
                              : each,
                          ),
                        })
                      }
                      className={placementClass}
                    >
                      {calloutPlacements.map((placement) => (
                        <option key={placement} value={placement}>
                          {placement === 'auto'
                            ? t('cards.editor.placements.auto', {
                                guess: t(`cards.editor.guesses.${autoPlace(at)}`),
                              })
                            : t(`cards.editor.placements.${placement}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                {labelState.message}
                {valueState.message}
              </li>
            );
          })}
        </ol>
        {slide.callouts.length < cardLimits.callouts ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2"
            onClick={() => set({ callouts: [...slide.callouts, newCallout()] })}
          >
            <Plus aria-hidden="true" />
            {t('cards.editor.addCallout')}
          </Button>
        ) : null}
      </fieldset>

      <div>
        <label
          className={clsx(
            'flex items-center gap-2 text-sm text-fg',
            !hasLogo && !slide.logo && 'opacity-60',
          )}
        >
          <input
            id={idOf(null)}
            type="checkbox"
            checked={slide.logo}
            disabled={!hasLogo && !slide.logo}
            onChange={(event) => set({ logo: event.currentTarget.checked })}
            aria-invalid={layout.length > 0 ? true : undefined}
            aria-describedby={`${idOf(null)}-hint`}
            className="size-4 accent-accent"
          />
          {t('cards.editor.logo')}
        </label>
        <p id={`${idOf(null)}-hint`} className="mt-1 text-xs text-fg-muted">
          {layout.length > 0
            ? layout.map((issue) => issueText(issue, language).title).join(' · ')
            : hasLogo
              ? t('cards.editor.logoHint')
              : t('cards.editor.noLogo')}
        </p>
      </div>
      {count >= max ? (
        <p className="text-xs text-fg-muted">{t('cards.editor.atMax', { count: max })}</p>
      ) : null}
    </div>
  );
}

function Field({
  label,
  htmlFor,
  counter,
  children,
}: {
  label: string;
  htmlFor: string;
  counter?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={htmlFor} className="text-sm font-medium text-fg">
          {label}
        </label>
        {counter ? (
          <span className="text-xs text-fg-muted tabular-nums" aria-hidden="true">
            {counter}
          </span>
        ) : null}
      </div>
      {children}
    </div>
  );
}
