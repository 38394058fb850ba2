import { browserStorageKeys } from '@kadr/contract';

/** Every localStorage key the web app uses, in one place. */
export const storageKeys = {
  // Also written by the public pages' inline script, hence shared through the contract.
  lang: browserStorageKeys.lang,
  referral: browserStorageKeys.referral,
  user: 'kadr.user',
  query: 'kadr.query',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// localStorage throws in some privacy modes and does not exist while prerendering.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
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
