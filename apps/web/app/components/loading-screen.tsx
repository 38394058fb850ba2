import { useConnectionState } from '~/lib/connection';
import { useTranslation } from '~/lib/use-translation';
import { Logo } from './logo';

/**
 * Full-screen wait while the app's code or the session is on its way: the mark at once (it is in
 * the prerendered shell, so a slow phone shows the product, not a blank page), a spinner under it,
 * and, while Kadr is away (the session's check waits for it), that it is reconnecting.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  const reconnecting = useConnectionState() === 'reconnecting';
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4">
      <Logo className="size-12" />
      <span className="size-6 rounded-full border-2 border-line border-t-accent-soft motion-safe:animate-spin" />
      {reconnecting ? (
        <span className="text-center text-sm text-fg-muted">{t('connection.reconnecting')}</span>
      ) : (
        <span className="sr-only">{t('loading')}</span>
      )}
    </div>
  );
}
