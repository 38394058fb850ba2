import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Toasts without shipping the toast library in a screen's first load: `toast.success(…)` and the
 * rest take sonner's arguments, fetch sonner on the first call (a few milliseconds, once) and ask
 * the screen's `LazyToaster` to mount. sonner replays toasts made before its Toaster subscribed,
 * so none is lost while it loads.
 */
let sonner: Promise<typeof import('sonner')> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/**
 * Fetches the toast library once. A failed fetch (offline, or a deploy replaced the chunk) is
 * forgotten, so the next toast tries again.
 */
export function loadToasts(): Promise<typeof import('sonner')> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    throw error;
  });
  return sonner;
}

function show(kind: 'success' | 'error' | 'info', message: string, options?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loadToasts().then(
    ({ toast }) => toast[kind](message, options),
    (error: unknown) => console.warn('The toast could not be shown', message, error),
  );
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
};

/** Whether any toast has been asked for yet (the Toaster mounts from then on). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
