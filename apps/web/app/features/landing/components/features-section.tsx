import '~/locales/landing';
import { BadgeCheck, Layers, type LucideIcon, Wand } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';
import { sections } from '../sections';
import { StartLink } from './start-link';

const features: { id: 'ai' | 'license' | 'models'; icon: LucideIcon }[] = [
  { id: 'ai', icon: Wand },
  { id: 'license', icon: BadgeCheck },
  { id: 'models', icon: Layers },
];

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id={sections.features}
      tabIndex={-1}
      aria-labelledby="features-title"
      className="scroll-mt-20 border-t border-line/60 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="features-title"
            className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
          >
            {t('home.features.title')}
          </h2>
          <p className="mt-4 text-fg-muted">{t('home.features.subtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-4 md:grid-cols-3">
          {features.map(({ id, icon: Icon }) => (
            <li
              key={id}
              className="rounded-2xl border border-line bg-surface-raised/60 p-6 transition-colors hover:border-accent/40"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent/15 text-accent-soft">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-fg">
                {t(`home.features.items.${id}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">
                {t(`home.features.items.${id}.description`)}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex justify-center">
          <StartLink />
        </div>
      </div>
    </section>
  );
}
