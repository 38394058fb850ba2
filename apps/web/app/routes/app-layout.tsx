import '~/locales/app';
import { paths } from '@kadr/contract';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyToaster } from '~/components/lazy-toaster';
import { LoadingScreen } from '~/components/loading-screen';
import { AppShell } from '~/features/app-shell/components/app-shell';
import { useGenerationSync, usePaymentSync } from '~/features/generations/hooks';
import { loadScreenTexts } from '~/lib/i18n';
import { useMediaQuery } from '~/lib/media-query';
import { useMetrikaPageViews } from '~/lib/metrika-page-views';
import { QueryProvider } from '~/lib/query-client';
import { RealtimeProvider } from '~/lib/realtime-provider';
import { useSession } from '~/lib/session';

/** The signed-in screens' shared texts, in the interface's language, before any of them renders (ADR 042). */
export const clientLoader = loadScreenTexts;

/**
 * Studio, history, profile and pricing. Waits for the session; anonymous visitors go to /login
 * (replacing this history entry) and come back here after signing in.
 */
export default function AppLayout() {
  const { status, user } = useSession();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (status !== 'anonymous') return;
    // A document load: sign-in is a static page without the app (ADR 024).
    const next = new URLSearchParams({ next: `${pathname}${search}` });
    window.location.replace(`${paths.login}?${next}`);
  }, [status, pathname, search]);

  // While the server is asked, the user cached on this device paints the frame at once.
  if (status === 'anonymous' || !user) {
    return <LoadingScreen />;
  }

  return (
    <QueryProvider key={user.id} userId={user.id}>
      <RealtimeProvider>
        <GenerationSync />
        <AppShell user={user}>
          <Outlet />
        </AppShell>
      </RealtimeProvider>
      <Toasts />
    </QueryProvider>
  );
}

/**
 * On a phone, toasts start below the top bar so that the menu button stays free; on a wider screen
 * they sit at the bottom right, clear of the form and of a new generation's actions.
 */
function Toasts() {
  const phone = useMediaQuery('(max-width: 599px)');
  return (
    <LazyToaster
      theme="dark"
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: 72, left: 16, right: 16 }}
      closeButton
      richColors
    />
  );
}

/** Realtime events into the query cache, for every signed-in screen; page views to Metrika. */
function GenerationSync() {
  useGenerationSync();
  usePaymentSync();
  useMetrikaPageViews();
  return null;
}
