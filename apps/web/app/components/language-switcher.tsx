import { clsx } from 'clsx';
import { chooseLanguage, languages } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

/**
 * RU | EN toggle: switches once the screen's texts in that language are in, and remembers the
 * choice on this device (and, in a cookie, for the server's pages).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const active = i18n.language;
  return (
    <fieldset
      className={clsx('inline-flex rounded-lg border border-line bg-surface p-0.5', className)}
    >
      <legend className="sr-only">{t('language.label')}</legend>
      {languages.map((language) => {
        const pressed = language === active;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={pressed}
            onClick={() =>
              chooseLanguage(language).catch((error: unknown) => {
                // The other language's texts did not load (offline): the screen stays as it was.
                console.warn('The language did not switch', error);
                toast.error(t('language.failed'));
              })
            }
            className={clsx(
              'h-8 min-w-10 rounded-md px-2 text-xs font-semibold tracking-wide transition-colors',
              pressed ? 'bg-surface-raised text-fg' : 'text-fg-muted hover:text-fg',
            )}
          >
            <span aria-hidden="true">{language.toUpperCase()}</span>
            <span className="sr-only">{t(`language.${language}`)}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
