import { useTranslation } from '~/lib/use-translation';

/** First focusable element of a layout: jumps past the navigation to #main. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-accent px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
    >
      {t('skipToContent')}
    </a>
  );
}
