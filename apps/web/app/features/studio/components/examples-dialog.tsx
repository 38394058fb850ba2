import '~/locales/app-styles';
import { type ExampleUseCase, examplesFor, getStudioModel, getStyle } from '@kadr/catalog';
import { ArrowRight } from 'lucide-react';
import { Modal } from '~/components/ui/modal';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';

export type ExamplesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens an example in the form (its prompt, model, parameters and style). */
  onTry: (id: string) => void;
};

const useCases: readonly ExampleUseCase[] = [
  'smm',
  'marketplace',
  'inspiration',
  'livingPhoto',
  'influencer',
];

/**
 * The examples of the use-case pages, all of them (issue #49): pictures made by the sample
 * pipeline with their prompt, model and style, each opened in the form with "Try this". Loaded on
 * first use.
 */
export function ExamplesDialog({ open, onOpenChange, onTry }: ExamplesDialogProps) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('styles.examples.title')}
      description={t('styles.examples.description')}
      closeLabel={t('styles.picker.close')}
      className="sm:max-w-4xl"
    >
      <div className="mt-5 space-y-6" data-examples>
        {useCases.map((useCase) => (
          <section key={useCase} aria-labelledby={`examples-${useCase}`}>
            <h3 id={`examples-${useCase}`} className="mb-3 text-sm font-semibold text-fg">
              {t(`styles.examples.useCases.${useCase}`)}
            </h3>
            <ul className="grid gap-3 sm:grid-cols-3">
              {examplesFor(useCase).map((example) => (
                <li
                  key={example.id}
                  data-example={example.id}
                  className="flex flex-col overflow-hidden rounded-xl border border-line bg-surface"
                >
                  <div className="flex aspect-[4/3] items-center justify-center bg-black/30">
                    <picture>
                      <source type="image/avif" srcSet={`${example.image.src}.avif`} />
                      <img
                        src={`${example.image.src}.webp`}
                        alt={example.title[language]}
                        width={example.image.width}
                        height={example.image.height}
                        loading="lazy"
                        decoding="async"
                        className="max-h-40 w-auto object-contain"
                      />
                    </picture>
                  </div>
                  <div className="flex flex-1 flex-col gap-2 p-3">
                    <p className="line-clamp-3 text-xs text-fg">{example.prompt[language]}</p>
                    <p className="text-xs text-fg-muted">
                      {getStudioModel(example.model)?.name ?? example.model} ·{' '}
                      {getStyle(example.style)?.name[language] ?? example.style}
                    </p>
                    <button
                      type="button"
                      onClick={() => {
                        onTry(example.id);
                        onOpenChange(false);
                      }}
                      className="mt-auto inline-flex min-h-10 items-center gap-1.5 self-start rounded-lg bg-accent px-3 text-sm font-medium text-white hover:bg-accent/90"
                    >
                      {t('styles.examples.try')}
                      <span className="sr-only">: {example.title[language]}</span>
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}
