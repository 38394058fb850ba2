import '~/locales/landing';
import { paths } from '@kadr/contract';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '~/components/ui/link-button';
import type { UseCaseId } from '../use-cases';

/** A use-case landing page. For now: its title, a paragraph and the call to action. */
export function UseCasePage({ useCase }: { useCase: UseCaseId }) {
  const { t } = useTranslation('landing');
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6 sm:py-28">
      <h1 className="text-4xl font-semibold tracking-tight text-balance text-fg sm:text-5xl">
        {t(`useCases.${useCase}.title`)}
      </h1>
      <p className="mt-6 text-lg text-pretty text-fg-muted">
        {t(`useCases.${useCase}.description`)}
      </p>
      <LinkButton to={paths.studio} size="lg" className="mt-10">
        {t('cta')}
        <ArrowRight aria-hidden="true" />
      </LinkButton>
    </section>
  );
}
