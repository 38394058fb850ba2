import '~/locales/legal';
import { useTranslation } from 'react-i18next';

export type LegalDocument = 'privacy' | 'terms';

/** A legal document. For now: its title and a summary paragraph. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">
        {t(`${document}.title`)}
      </h1>
      <p className="mt-6 leading-relaxed text-fg-muted">{t(`${document}.body`)}</p>
    </article>
  );
}
