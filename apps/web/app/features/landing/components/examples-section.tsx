import '~/locales/landing';
import { type ExampleUseCase, examplesFor, getStudioModel, getStyle } from '@kadr/catalog';
import { paths } from '@kadr/contract';
import { ArrowRight } from 'lucide-react';
import { usePageLanguage } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import { Picture } from './picture';

/**
 * A use-case page's examples (issue #49): pictures made by the sample pipeline with the prompt,
 * model and style that describe them, each with "Try this" — a plain link (public pages carry no
 * script) to the studio with those settings, through sign-in when signed out.
 */
export function ExamplesSection({ useCase }: { useCase: ExampleUseCase }) {
  const { t } = useTranslation('landing');
  const language = usePageLanguage();
  const examples = examplesFor(useCase);
  if (examples.length === 0) return null;
  return (
    <section aria-labelledby="examples-title" className="border-t border-line/60 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="examples-title"
          className="text-center text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
        >
          {t('useCase.examples.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-fg-muted">
          {t('useCase.examples.subtitle')}
        </p>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {examples.map((example) => {
            const model = getStudioModel(example.model)?.name ?? example.model;
            const style = getStyle(example.style)?.name[language] ?? example.style;
            const href = `${paths.studio}?example=${encodeURIComponent(example.id)}`;
            return (
              <li
                key={example.id}
                data-example={example.id}
                className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised/60"
              >
                <div className="flex aspect-[4/5] items-center justify-center bg-surface">
                  <Picture
                    image={example.image}
                    alt={example.title[language]}
                    className="h-full w-full object-contain"
                  />
                </div>
                <div className="flex flex-1 flex-col gap-3 p-5">
                  <p className="text-sm leading-relaxed text-fg">
                    {language === 'ru' ? `«${example.prompt.ru}»` : `“${example.prompt.en}”`}
                  </p>
                  <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
                    <div className="flex gap-1">
                      <dt>{t('useCase.examples.model')}</dt>
                      <dd className="font-medium text-fg">{model}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>{t('useCase.examples.style')}</dt>
                      <dd className="font-medium text-fg">{style}</dd>
                    </div>
                  </dl>
                  <a
                    href={href}
                    className="mt-auto inline-flex min-h-11 items-center gap-2 self-start rounded-lg bg-accent px-4 text-sm font-semibold text-white hover:bg-accent/90"
                  >
                    {t('useCase.examples.try')}
                    <span className="sr-only">: {example.title[language]}</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
