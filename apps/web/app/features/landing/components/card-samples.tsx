import '~/locales/landing';
import { paths } from '@kadr/contract';
import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';
import { type ImageAsset, marketplaceSamples } from '../images';
import { Picture } from './picture';

const cards = [
  ['main', marketplaceSamples.main],
  ['features', marketplaceSamples.features],
  ['inUse', marketplaceSamples.inUse],
] as const satisfies readonly (readonly [string, ImageAsset])[];

type SampleText =
  | 'title'
  | 'subtitle'
  | 'before'
  | 'after'
  | 'beforeCaption'
  | 'afterCaption'
  | 'cta'
  | 'note'
  | `alt.${'photo' | (typeof cards)[number][0]}`;

/** "Before" or "after", over its pictures (not on them: a card's own title is at its top). */
function Mark({ children }: { children: string }) {
  return (
    <p className="mb-3 text-center text-xs font-semibold tracking-widest text-accent-soft uppercase lg:text-left">
      {children}
    </p>
  );
}

/**
 * The marketplace page's before and after: a seller's product photo and the Wildberries cards
 * the demo pipeline made from it (apps/web/scripts/marketplace-samples.ts), leading into the card
 * workshop — through sign-in for a visitor who is not signed in, as every app link does.
 */
export function CardSamples() {
  const { t } = useTranslation('landing');
  const text = (key: SampleText) => t(`useCases.marketplace.samples.${key}`);
  return (
    <section
      aria-labelledby="card-samples-title"
      data-card-samples
      className="border-t border-line/60 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="card-samples-title"
            className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
          >
            {text('title')}
          </h2>
          <p className="mt-4 text-fg-muted">{text('subtitle')}</p>
        </div>
        <div className="mt-12 grid items-start gap-8 lg:grid-cols-[1fr_3fr]">
          <figure className="mx-auto w-2/3 max-w-xs lg:w-full">
            <Mark>{text('before')}</Mark>
            <div className="overflow-hidden rounded-2xl border border-line">
              <Picture
                image={marketplaceSamples.photo}
                alt={text('alt.photo')}
                className="h-auto w-full"
              />
            </div>
            <figcaption className="mt-3 text-center text-sm text-fg-muted">
              {text('beforeCaption')}
            </figcaption>
          </figure>
          <figure>
            <Mark>{text('after')}</Mark>
            <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0">
              {cards.map(([id, image]) => (
                <li key={id} className="w-[72%] shrink-0 snap-center sm:w-auto">
                  <div className="overflow-hidden rounded-2xl border border-line">
                    <Picture image={image} alt={text(`alt.${id}`)} className="h-auto w-full" />
                  </div>
                </li>
              ))}
            </ul>
            <figcaption className="mt-3 text-center text-sm text-fg-muted">
              {text('afterCaption')}
            </figcaption>
          </figure>
        </div>
        <div className="mt-10 flex flex-col items-center gap-4 text-center">
          <a href={paths.cards} className={buttonClasses({ size: 'lg' })}>
            {text('cta')}
            <ArrowRight aria-hidden="true" />
          </a>
          <p className="max-w-xl text-sm text-fg-muted">{text('note')}</p>
        </div>
      </div>
    </section>
  );
}
