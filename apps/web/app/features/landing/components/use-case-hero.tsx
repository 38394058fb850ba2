import '~/locales/landing';
import { useTranslation } from '~/lib/use-translation';
import type { HeroImages } from '../images';
import { HeroCollage, type HeroPicture } from './hero-collage';
import { Points } from './points';
import { StartLink } from './start-link';

/** The spec's hero inputs: texts a page may override, and its four pictures. */
export type UseCaseHeroProps = {
  title?: string;
  titleHighlight?: string;
  subtitle?: string;
} & Record<keyof HeroImages, HeroPicture>;

/** A use-case page's first screen. Texts not given fall back to the shared translations. */
export function UseCaseHero({ title, titleHighlight, subtitle, ...pictures }: UseCaseHeroProps) {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-x-0 -top-40 mx-auto h-[36rem] max-w-5xl rounded-full bg-[radial-gradient(closest-side,rgba(124,58,237,0.35),transparent)] blur-2xl"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <h1
            id="hero-title"
            className="text-[2rem] font-semibold tracking-tight text-balance break-words text-fg min-[400px]:text-4xl sm:text-6xl motion-safe:animate-rise motion-safe:[animation-delay:0.1s]"
          >
            {title ?? t('useCase.hero.title')}{' '}
            <span className="bg-linear-to-r from-violet-300 to-fuchsia-300 bg-clip-text text-transparent">
              {titleHighlight ?? t('useCase.hero.titleHighlight')}
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-fg-muted lg:mx-0 motion-safe:animate-rise motion-safe:[animation-delay:0.3s]">
            {subtitle ?? t('useCase.hero.subtitle')}
          </p>
          <div className="motion-safe:animate-rise motion-safe:[animation-delay:0.5s]">
            <StartLink className="mt-10" />
            <Points className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-fg-muted lg:justify-start" />
          </div>
        </div>
        <div className="motion-safe:animate-rise motion-safe:[animation-delay:0.3s]">
          <HeroCollage {...pictures} />
        </div>
      </div>
    </section>
  );
}
