import '~/locales/landing';
import { paths } from '@kadr/contract';
import { ArrowRight, Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '~/components/ui/button';
import { LinkButton } from '~/components/ui/link-button';
import { sections } from '../scroll-to-section';
import { SectionLink } from './section-link';

const points = ['noVpn', 'noSubscription', 'noExpiry'] as const;

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-x-0 -top-40 mx-auto h-[36rem] max-w-4xl rounded-full bg-[radial-gradient(closest-side,rgba(124,58,237,0.35),transparent)] blur-2xl"
      />
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-20 pb-24 text-center sm:px-6 sm:pt-28 sm:pb-32">
        <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-raised/70 px-3 py-1 text-sm text-fg-muted motion-safe:animate-rise">
          <Sparkles aria-hidden="true" className="size-4 text-accent-soft" />
          {t('home.hero.badge')}
        </p>
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-semibold tracking-tight text-balance text-fg sm:text-6xl motion-safe:animate-rise motion-safe:[animation-delay:0.1s]"
        >
          {t('home.hero.title')}{' '}
          <span className="bg-linear-to-r from-violet-300 to-fuchsia-300 bg-clip-text text-transparent">
            {t('home.hero.titleHighlight')}
          </span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-fg-muted motion-safe:animate-rise motion-safe:[animation-delay:0.3s]">
          {t('home.hero.subtitle')}
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row motion-safe:animate-rise motion-safe:[animation-delay:0.5s]">
          <LinkButton to={paths.studio} size="lg">
            {t('cta')}
            <ArrowRight aria-hidden="true" />
          </LinkButton>
          <SectionLink
            section={sections.features}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            {t('home.hero.secondary')}
          </SectionLink>
        </div>
        <ul className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-fg-muted">
          {points.map((point) => (
            <li key={point} className="inline-flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 text-emerald-400" />
              {t(`home.hero.points.${point}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
