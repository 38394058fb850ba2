import '~/locales/landing';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { sections } from '../sections';

const questions = [
  'what',
  'time',
  'formats',
  'commercial',
  'billing',
  'privacy',
  'refunds',
] as const;

/**
 * Seven questions; one answer open at a time, and clicking the open one closes it. That is the
 * browser's exclusive accordion (`<details>` sharing a `name`), so it needs no JavaScript.
 */
export function FaqSection() {
  const { t } = useTranslation('landing');
  return (
    <section
      id={sections.faq}
      tabIndex={-1}
      aria-labelledby="faq-title"
      className="scroll-mt-20 border-t border-line/60 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2
          id="faq-title"
          className="text-center text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
        >
          {t('home.faq.title')}
        </h2>
        <div className="mt-10 space-y-3">
          {questions.map((id, index) => (
            <details
              key={id}
              name="faq"
              // Items rise one after another, 0.1 s apart.
              style={{ animationDelay: `${index * 0.1}s` }}
              className="group rounded-2xl border border-line bg-surface-raised/40 px-5 transition-colors open:border-accent/40 open:bg-surface-raised/70 motion-safe:animate-rise"
            >
              <summary className="flex list-none items-center justify-between gap-4 rounded-lg py-4 font-medium text-fg [&::-webkit-details-marker]:hidden">
                {t(`home.faq.items.${id}.question`)}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-fg-muted transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="pb-5 text-sm leading-relaxed text-fg-muted">
                {t(`home.faq.items.${id}.answer`)}
              </p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
