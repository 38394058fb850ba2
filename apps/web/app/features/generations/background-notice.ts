import { notificationsSupported } from './notification-permission';

/**
 * Tells a person who looked away that a generation finished: a mark in the tab's title and
 * favicon until they come back, and a system notification if they allowed them (asked for in
 * notification-permission.ts). Loaded with a running generation's panel, not with the form.
 */

const badgeColor = { success: '#22c55e', failure: '#ef4444' } as const;

/** The favicon (public/favicon.svg) with a coloured dot in its corner. */
function badgedFavicon(kind: keyof typeof badgeColor): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#6d28d9"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M9 13v-3a1 1 0 0 1 1-1h3m6 0h3a1 1 0 0 1 1 1v3m0 6v3a1 1 0 0 1-1 1h-3m-6 0h-3a1 1 0 0 1-1-1v-3" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/><circle cx="25" cy="7" r="6.5" fill="${badgeColor[kind]}" stroke="#09090b" stroke-width="2"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

let pending = 0;
let titleBase = '';
let restore: (() => void) | null = null;

function markTab(kind: keyof typeof badgeColor): void {
  pending += 1;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!restore) {
    const title = document.title;
    const href = icon?.href ?? null;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onVisible);
      restore?.();
    };
    document.addEventListener('visibilitychange', onVisible);
    restore = () => {
      document.title = title;
      if (icon && href) icon.href = href;
      pending = 0;
      restore = null;
    };
    titleBase = title;
  }
  document.title = `(${pending}) ${titleBase}`;
  if (icon) icon.href = badgedFavicon(kind);
}

export function announceFinished({
  id,
  ok,
  title,
  body,
}: {
  id: string;
  ok: boolean;
  title: string;
  body: string;
}): void {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return;
  markTab(ok ? 'success' : 'failure');
  if (notificationsSupported() && Notification.permission === 'granted') {
    try {
      const notification = new Notification(title, { body, tag: id, icon: '/favicon.svg' });
      notification.onclick = () => {
        window.focus();
        notification.close();
      };
    } catch (error) {
      console.warn('Showing a notification failed', error);
    }
  }
}
