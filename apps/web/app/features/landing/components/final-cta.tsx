import '~/locales/landing';
import { useTranslation } from '~/lib/use-translation';
import { Points } from './points';
import { StartLink } from './start-link';

/** The closing call to action of the landing and use-case pages. */
export function FinalCta() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="final-title" className="px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl border border-line bg-surface-raised/60 px-6 py-14 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="-z-10 absolute inset-x-0 -bottom-40 mx-auto h-80 max-w-3xl rounded-full bg-[radial-gradient(closest-side,rgba(124,58,237,0.4),transparent)] blur-2xl"
        />
        <h2
          id="final-title"
          className="text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl"
        >
          {t('home.final.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty text-fg-muted">
          {t('home.final.subtitle')}
        </p>
        <StartLink className="mt-8" />
        <Points className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-fg-muted" />
      </div>
    </section>
  );
}
