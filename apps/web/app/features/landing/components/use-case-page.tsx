import '~/locales/landing';
import type { ReactNode } from 'react';
import { useLocalizedPath } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import type { HeroImages } from '../images';
import { featureNumbers, type UseCaseId, useCaseById, useCases } from '../use-cases';
import { ExamplesSection } from './examples-section';
import { FinalCta } from './final-cta';
import { Picture } from './picture';
import { StartLink } from './start-link';
import { UseCaseHero } from './use-case-hero';

const steps = ['describe', 'choose', 'get'] as const;

type UseCasePageProps = {
  useCase: UseCaseId;
  /** Per-page hero texts; whatever is left out comes from the shared translations. */
  title?: string;
  titleHighlight?: string;
  subtitle?: string;
  /** A block of the page's own after the features (the marketplace's tools and prices). */
  children?: ReactNode;
};

/** The shared layout of the five use-case pages: hero, five features, then the footer blocks. */
export function UseCasePage({
  useCase,
  title,
  titleHighlight,
  subtitle,
  children,
}: UseCasePageProps) {
  const { t } = useTranslation('landing');
  const { hero, icons } = useCaseById(useCase);
  const picture = (role: keyof HeroImages) => ({
    image: hero[role],
    alt: t(`images.hero.${useCase}.${role}`),
  });
  return (
    <>
      <UseCaseHero
        title={title}
        titleHighlight={titleHighlight}
        subtitle={subtitle}
        serviceImage={picture('serviceImage')}
        secondaryImage={picture('secondaryImage')}
        topSecondaryImage={picture('topSecondaryImage')}
        bottomSecondaryImage={picture('bottomSecondaryImage')}
      />
      <section aria-labelledby="features-title" className="border-t border-line/60 py-20 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2
            id="features-title"
            className="text-center text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
          >
            {t('useCase.features.title')}
          </h2>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {featureNumbers.map((n) => {
              const Icon = icons[n];
              return (
                <li key={n} className="rounded-2xl border border-line bg-surface-raised/60 p-6">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent/15 text-accent-soft">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-fg">
                    {t(`useCases.${useCase}.features.${n}.title`)}
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-fg-muted">
                    {t(`useCases.${useCase}.features.${n}.description`)}
                  </p>
                </li>
              );
            })}
            <li className="flex flex-col items-start justify-center gap-4 rounded-2xl border border-accent/40 bg-accent/10 p-6">
              <p className="text-lg font-semibold text-fg">{t(`useCases.${useCase}.title`)}</p>
              <StartLink />
            </li>
          </ul>
        </div>
      </section>
      <ExamplesSection useCase={useCase} />
      {children}
      <HowItWorks />
      <MoreUseCases current={useCase} />
      <FinalCta />
    </>
  );
}

function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="steps-title" className="border-t border-line/60 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="steps-title"
          className="text-center text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
        >
          {t('useCase.steps.title')}
        </h2>
        <ol className="mt-12 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step} className="rounded-2xl border border-line p-6">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-accent text-sm font-semibold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-fg">
                {t(`useCase.steps.items.${step}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">
                {t(`useCase.steps.items.${step}.description`)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function MoreUseCases({ current }: { current: UseCaseId }) {
  const { t } = useTranslation('landing');
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="more-title" className="border-t border-line/60 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="more-title"
          className="text-center text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
        >
          {t('useCase.more.title')}
        </h2>
        <ul className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {useCases
            .filter(({ id }) => id !== current)
            .map(({ id, path, sample }) => (
              <li key={id}>
                <a
                  href={localized(path)}
                  className="group block h-full overflow-hidden rounded-2xl border border-line bg-surface-raised/60 transition-colors hover:border-accent/50"
                >
                  <Picture
                    image={sample}
                    alt=""
                    className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                  />
                  <span className="block p-4">
                    <span className="block font-semibold text-fg">{t(`useCases.${id}.title`)}</span>
                    <span className="mt-1 line-clamp-3 text-sm text-fg-muted">
                      {t(`useCases.${id}.description`)}
                    </span>
                  </span>
                </a>
              </li>
            ))}
        </ul>
      </div>
    </section>
  );
}
