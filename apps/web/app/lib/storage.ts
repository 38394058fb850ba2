import { browserStorageKeys } from '@kadr/contract';

/** Every localStorage key the web app uses, in one place. */
export const storageKeys = {
  // Also written by the public pages' inline script, hence shared through the contract.
  lang: browserStorageKeys.lang,
  referral: browserStorageKeys.referral,
  user: 'kadr.user',
  query: 'kadr.query',
  /** The browser's notification permission was asked for once; never again. */
  notificationsAsked: 'kadr.notifications-asked',
  /** Generations this tab is following (session storage: one tab's work, kept over a reload). */
  activeGenerations: 'kadr.active',
  /** Payments whose purchase goal went to Metrika already: each is reported once. */
  reportedPurchases: 'kadr.reported-purchases',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

function store(kind: 'local' | 'session'): Storage {
  return kind === 'local' ? window.localStorage : window.sessionStorage;
}

// localStorage throws in some privacy modes and does not exist while prerendering.
export function readStorage(key: StorageKey, kind: 'local' | 'session' = 'local'): string | null {
  try {
    return store(kind).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(
  key: StorageKey,
  value: string,
  kind: 'local' | 'session' = 'local',
): void {
  try {
    store(kind).setItem(key, value);
  } catch {
    // Persistence is a convenience; the app works without it.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStorage.
  }
}
