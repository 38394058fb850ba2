import '~/locales/landing';
import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { useLocalizedPath } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import type { ImageAsset } from '../images';
import { showcase } from '../use-cases';
import { Picture } from './picture';
import { StartLink } from './start-link';

/** A showcase block (spec: title, description, image, reverse flips the layout). */
type ShowcaseItem = {
  title: string;
  description: string;
  image: ImageAsset;
  imageAlt: string;
  reverse: boolean;
  /** The use-case page this block introduces. */
  href: string;
};

function ShowcaseBlock({ title, description, image, imageAlt, reverse, href }: ShowcaseItem) {
  const { t } = useTranslation('landing');
  return (
    <li className="grid items-center gap-8 md:grid-cols-2 md:gap-16">
      <div className={clsx('relative', reverse && 'md:order-2')}>
        <div
          aria-hidden="true"
          className="absolute inset-[10%] rounded-full bg-[radial-gradient(closest-side,rgba(139,92,246,0.35),transparent)] blur-2xl"
        />
        {/* At most 352 px wide: the 400 px sample stays sharp on phones' dense screens. */}
        <Picture
          image={image}
          alt={imageAlt}
          className="relative mx-auto h-auto w-full max-w-[22rem] rounded-3xl shadow-2xl shadow-black/50 ring-1 ring-white/10"
        />
      </div>
      <div className="text-center md:text-left">
        <h3 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{title}</h3>
        <p className="mt-4 text-pretty leading-relaxed text-fg-muted">{description}</p>
        <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center md:justify-start">
          <StartLink />
          <a href={href} className={buttonClasses({ variant: 'ghost', size: 'lg' })}>
            {t('home.showcase.more')}
            <ChevronRight aria-hidden="true" />
          </a>
        </div>
      </div>
    </li>
  );
}

/**
 * Five showcase blocks. Their texts exist in Russian only (spec §1); the English page shows the
 * use-case pages' English title and description instead (ADR 007).
 */
export function ShowcaseSection() {
  const { t } = useTranslation('landing');
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="showcase-title" className="border-t border-line/60 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="showcase-title"
            className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
          >
            {t('home.showcase.title')}
          </h2>
          <p className="mt-4 text-fg-muted">{t('home.showcase.subtitle')}</p>
        </div>
        <ul className="mt-16 space-y-20 sm:space-y-28">
          {showcase.map(({ id, sample, reverse, path }) => (
            <ShowcaseBlock
              key={id}
              title={t(`home.showcase.items.${id}.title`)}
              description={t(`home.showcase.items.${id}.description`)}
              image={sample}
              imageAlt={t(`images.samples.${id}`)}
              reverse={reverse}
              href={localized(path)}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
