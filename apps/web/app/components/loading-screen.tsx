import { useTranslation } from 'react-i18next';

/** Full-screen spinner while the app's code or the session is on its way. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <span className="size-8 rounded-full border-2 border-line border-t-accent-soft motion-safe:animate-spin" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
