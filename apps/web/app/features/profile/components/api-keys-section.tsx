import '~/locales/app';
import '~/locales/app-profile';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { onFirstInteraction } from '~/lib/first-interaction';
import { withTexts } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { ProfileCard } from './profile-card';

/** The section's address on the profile (`/profile#api-keys`), for links to it. */
const apiKeysAnchor = 'api-keys';

// The section's texts (app-keys) are registered by its code and loaded with it.
const load = () => withTexts(import('./api-keys'));
// A chunk that cannot load (offline, a deploy replaced it) leaves the placeholder.
const ApiKeysBody = lazy(() =>
  load().then(
    (module) => ({ default: module.ApiKeysBody }),
    () => ({ default: Loading }),
  ),
);

/**
 * The API keys, their webhook deliveries and the person's audit. Their code and texts are a chunk
 * of their own, fetched at the person's first sign of use of the page or when the section comes
 * into view (a link to `#api-keys`), so the profile's first load does not carry them (ADR 029);
 * until then the section shows its title and a spinner.
 */
export function ApiKeysSection({ className }: { className?: string }) {
  const { t } = useTranslation('app');
  const [wanted, setWanted] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const want = () => setWanted(true);
    onFirstInteraction(want);
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) want();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div id={apiKeysAnchor} ref={place} className={className}>
      <ProfileCard title={t('profile.apiKeys.title')} icon={KeyRound}>
        {wanted ? (
          <Suspense fallback={<Loading />}>
            <ApiKeysBody />
          </Suspense>
        ) : (
          <Loading />
        )}
      </ProfileCard>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation('app');
  return (
    <div role="status" className="mt-4 flex items-center gap-2 py-4 text-sm text-fg-muted">
      <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
      {t('profile.apiKeys.loading')}
    </div>
  );
}
