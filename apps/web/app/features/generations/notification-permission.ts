import { readStorage, storageKeys, writeStorage } from '~/lib/storage';

/**
 * Whether the person may be told that a generation finished while they looked away
 * (background-notice.ts). Permission is asked for once per device, when they start their first
 * generation — never again; in the click that starts it, as browsers want.
 */

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function offerNotificationsOnce(): void {
  if (!notificationsSupported() || Notification.permission !== 'default') return;
  if (readStorage(storageKeys.notificationsAsked)) return;
  writeStorage(storageKeys.notificationsAsked, '1');
  void Notification.requestPermission().catch((error: unknown) => {
    console.warn('Notification permission request failed', error);
  });
}
