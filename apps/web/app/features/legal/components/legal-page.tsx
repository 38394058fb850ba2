import '~/locales/legal';
import { ExternalLink } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { supportUrl } from '~/lib/env';
import { useTranslation } from '~/lib/use-translation';

export type LegalDocument = 'privacy' | 'terms';

/** A section of a legal document in `locales/<lang>/legal.json`, in reading order. */
type LegalSection = { title: string; paragraphs?: string[]; items?: string[]; note?: string };

/**
 * A legal document: title, date, introduction, contents and numbered sections, each with an
 * anchor (`/privacy-policy#cookies`). The sections are data: the translations decide them.
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const doc = t(document, { returnObjects: true });
  // Both documents share this shape; the locales test keeps the languages' keys identical.
  const sections = Object.entries(doc.sections) as [string, LegalSection][];
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
      <header>
        <h1 className="text-[1.75rem] leading-tight font-semibold tracking-tight text-balance break-words text-fg sm:text-5xl">
          {doc.title}
        </h1>
        <p className="mt-4 text-sm text-fg-muted">{t('updated')}</p>
        <p className="mt-8 text-lg leading-relaxed text-pretty text-fg-muted">{doc.intro}</p>
      </header>
      <nav
        aria-labelledby="contents-title"
        className="mt-10 rounded-2xl border border-line bg-surface-raised/40 p-6"
      >
        <h2 id="contents-title" className="text-sm font-semibold text-fg">
          {t('contents')}
        </h2>
        <ol className="mt-3 list-decimal gap-x-10 pl-6 text-sm text-fg-muted marker:text-fg-muted sm:columns-2">
          {sections.map(([id, section]) => (
            <li key={id}>
              <a href={`#${id}`} className="inline-block py-1 hover:text-fg">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map(([id, section], index) => (
        <section
          key={id}
          id={id}
          aria-labelledby={`${id}-title`}
          className="mt-12 scroll-mt-20 leading-relaxed text-fg-muted"
        >
          <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-fg">
            {index + 1}. {section.title}
          </h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-4">
              {paragraph}
            </p>
          ))}
          {section.items && (
            <ul className="mt-4 list-disc space-y-2 pl-5 marker:text-accent-soft">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.note && <p className="mt-4">{section.note}</p>}
          {id === 'contact' && (
            <a
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}
            >
              {t('support')}
              <ExternalLink aria-hidden="true" />
            </a>
          )}
        </section>
      ))}
    </article>
  );
}
