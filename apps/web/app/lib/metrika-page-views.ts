import { pageConfigMeta } from '@kadr/contract';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * For the signed-in layout: each page view, to Yandex Metrika (metrika.ts) — only where the server
 * named a counter in the page; only then is the tag's code fetched, so a screen's first load does
 * not carry it (ADR 042). Does nothing without a counter.
 */
export function useMetrikaPageViews(): void {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (!document.querySelector(`meta[name="${pageConfigMeta.metrikaCounter}"]`)) return;
    const url = `${window.location.origin}${pathname}${search}`;
    const before = previous.current;
    previous.current = url;
    if (before === url) return;
    import('./metrika').then(
      (metrika) => metrika.pageView(url, before),
      (error: unknown) => console.warn('Metrika: its code did not load', error),
    );
  }, [pathname, search]);
}
