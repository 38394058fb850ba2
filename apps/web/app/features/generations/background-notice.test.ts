import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceFinished } from './background-notice';
import { offerNotificationsOnce } from './notification-permission';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('telling a person who looked away', () => {
  beforeEach(() => {
    document.head.innerHTML = '<title>Studio — Kadr</title><link rel="icon" href="/favicon.svg">';
    localStorage.clear();
  });
  afterEach(() => {
    setVisibility('visible');
    vi.unstubAllGlobals();
  });

  it('leaves a visible tab alone', () => {
    setVisibility('visible');
    announceFinished({ id: 'a', ok: true, title: 'Ready', body: 'a fox' });
    expect(document.title).toBe('Studio — Kadr');
  });

  it('counts finished generations in a hidden tab’s title and favicon, and restores both on return', () => {
    setVisibility('hidden');
    announceFinished({ id: 'a', ok: true, title: 'Ready', body: 'a fox' });
    announceFinished({ id: 'b', ok: false, title: 'Failed', body: 'a cat' });
    expect(document.title).toBe('(2) Studio — Kadr');
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    expect(icon?.href).toMatch(/^data:image\/svg\+xml,/);
    setVisibility('visible');
    expect(document.title).toBe('Studio — Kadr');
    expect(icon?.getAttribute('href')).toContain('/favicon.svg');
  });

  it('shows a system notification only when allowed', () => {
    const shown: string[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string) {
        shown.push(title);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    setVisibility('hidden');
    announceFinished({ id: 'a', ok: true, title: 'Your image is ready', body: 'a fox' });
    expect(shown).toEqual(['Your image is ready']);
    FakeNotification.permission = 'denied';
    announceFinished({ id: 'b', ok: true, title: 'Again', body: 'a fox' });
    expect(shown).toEqual(['Your image is ready']);
  });

  it('asks for permission once per device, never again', () => {
    const asked = vi.fn(() => Promise.resolve('default'));
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: asked });
    offerNotificationsOnce();
    offerNotificationsOnce();
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
