import '~/locales/landing';
import { Sparkles } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';
import { type HeroImages, heroImages, type UseCaseImageId } from '../images';
import { sections } from '../sections';
import { HeroCollage } from './hero-collage';
import { Points } from './points';
import { SectionLink } from './section-link';
import { StartLink } from './start-link';

const stats = ['models', 'video', 'subscription'] as const;

/** The landing page's first screen: the promise, the numbers and a collage of results. */
export function Hero() {
  const { t } = useTranslation('landing');
  // The collage borrows a picture from four of the use cases.
  const picture = (useCase: UseCaseImageId, role: keyof HeroImages) => ({
    image: heroImages[useCase][role],
    alt: t(`images.hero.${useCase}.${role}`),
  });
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-x-0 -top-40 mx-auto h-[36rem] max-w-5xl rounded-full bg-[radial-gradient(closest-side,rgba(124,58,237,0.35),transparent)] blur-2xl"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <div className="motion-safe:animate-rise motion-safe:[animation-delay:0.1s]">
            <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-raised/70 px-3 py-1 text-sm text-fg-muted">
              <Sparkles aria-hidden="true" className="size-4 text-accent-soft" />
              {t('home.hero.badge')}
            </p>
            <h1
              id="hero-title"
              className="mt-6 text-[2rem] font-semibold tracking-tight text-balance break-words text-fg min-[400px]:text-4xl sm:text-6xl"
            >
              {t('home.hero.title')}{' '}
              <span className="bg-linear-to-r from-violet-300 to-fuchsia-300 bg-clip-text text-transparent">
                {t('home.hero.titleHighlight')}
              </span>
            </h1>
          </div>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-fg-muted lg:mx-0 motion-safe:animate-rise motion-safe:[animation-delay:0.3s]">
            {t('home.hero.subtitle')}
          </p>
          <div className="motion-safe:animate-rise motion-safe:[animation-delay:0.5s]">
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <StartLink />
              <SectionLink
                section={sections.features}
                className={buttonClasses({ variant: 'secondary', size: 'lg' })}
              >
                {t('home.hero.secondary')}
              </SectionLink>
            </div>
            <Points className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-fg-muted lg:justify-start" />
            <dl
              aria-label={t('home.hero.stats.label')}
              className="mt-10 grid grid-cols-3 gap-3 border-t border-line/70 pt-8"
            >
              {stats.map((stat) => (
                <div key={stat} className="flex flex-col-reverse justify-end gap-1">
                  <dt className="text-xs text-fg-muted sm:text-sm">
                    {t(`home.hero.stats.${stat}.label`)}
                  </dt>
                  <dd className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
                    {t(`home.hero.stats.${stat}.value`)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
        <div className="motion-safe:animate-rise motion-safe:[animation-delay:0.3s]">
          <HeroCollage
            serviceImage={picture('influencer', 'serviceImage')}
            secondaryImage={picture('smm', 'secondaryImage')}
            topSecondaryImage={picture('marketplace', 'topSecondaryImage')}
            bottomSecondaryImage={picture('livingPhoto', 'bottomSecondaryImage')}
          />
        </div>
      </div>
    </section>
  );
}
