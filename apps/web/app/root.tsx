import { type ReactNode, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import { appMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { LoadingScreen } from './components/loading-screen';
import { Button } from './components/ui/button';
import { restoreLanguage } from './lib/i18n';
import { publicPageScript } from './lib/public-page-script';
import { captureReferral } from './lib/referral';
import { SessionProvider, startSessionRefresh } from './lib/session';
import { useStaticPageLanguage } from './lib/static-page';

// Keep this module lean: it is on every page, the landing included (budget: 120 kB of JS gzipped).
// Query cache, toasts and dialogs live in the signed-in layout.

export const meta: Route.MetaFunction = () => appMeta;

// In a browser this module runs before the screen's own code has loaded: ask who is signed in now.
if (typeof document !== 'undefined') startSessionRefresh();

// The stylesheet as a React stylesheet resource (`precedence`): React puts it in <head> ahead of
// the scripts' modulepreloads, so on a slow connection the page's first paint waits for its CSS
// alone, not for the CSS queued behind 30 script downloads.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
];

export function Layout({ children }: { children: ReactNode }) {
  // Subscribing here re-renders <html lang> and the page's <Meta> when the language changes.
  const { i18n } = useTranslation();
  // Marketing pages are complete HTML without client JavaScript (ADR 007): no module scripts, no
  // modulepreloads, only a tiny inline script. In a browser that already runs the app (a client
  // navigation), keep the scripts mounted rather than tear them out. Only prerendering (the
  // server build) writes that script, so the app's own bundle does not carry it (ADR 042).
  const staticLanguage = useStaticPageLanguage();
  const withoutScripts = import.meta.env.SSR && staticLanguage !== null;
  return (
    <html lang={staticLanguage ?? i18n.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#09090b" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {withoutScripts ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant code, no input.
          <script dangerouslySetInnerHTML={{ __html: publicPageScript(staticLanguage) }} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Prerendered HTML is Russian; a stored English choice applies right after hydration.
  useEffect(() => {
    restoreLanguage();
  }, []);

  // A referral link may point at any page. Effects run after hydration, so prerendered pages see
  // the real query string. The parameter stays in the address: it is harmless, and a forwarded
  // link still credits the same referrer.
  const { search } = useLocation();
  useEffect(() => {
    captureReferral(search);
  }, [search]);

  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

/** Shown by the SPA fallback page until the app's code has loaded. */
export function HydrateFallback() {
  return <LoadingScreen />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error('Unhandled error', error);
  }, [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-semibold text-fg">{t('error.title')}</h1>
      <p className="mt-3 text-fg-muted">{t('error.description')}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </main>
  );
}
