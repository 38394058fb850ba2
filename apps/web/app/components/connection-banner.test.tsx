import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markOnline, markReconnecting } from '~/lib/connection';
import { i18n } from '~/lib/i18n';
import { backShownMs, ConnectionBanner } from './connection-banner';
import { LoadingScreen } from './loading-screen';

beforeEach(() => {
  vi.useFakeTimers();
  // The readiness probe, while reconnecting: still away.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"status":"unavailable"}', { status: 503 })),
  );
});

afterEach(() => {
  act(() => markOnline());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the connection banner', () => {
  it.each([
    ['ru', 'Нет связи с сервером — переподключаемся…', 'Снова на связи'],
    ['en', "Can't reach Kadr right now — reconnecting…", 'Back online'],
  ] as const)(
    'in %s: reconnecting while Kadr is away, then back online for a moment',
    async (language, away, back) => {
      await i18n.changeLanguage(language);
      render(<ConnectionBanner />);
      const status = screen.getByRole('status');
      expect(status).toHaveProperty('textContent', '');
      expect(status.getAttribute('aria-live')).toBe('polite');

      act(() => markReconnecting());
      expect(status.textContent).toBe(away);
      expect(status.getAttribute('data-connection')).toBe('reconnecting');

      act(() => markOnline());
      expect(status.textContent).toBe(back);

      act(() => vi.advanceTimersByTime(backShownMs - 1));
      expect(status.textContent).toBe(back);
      act(() => vi.advanceTimersByTime(1));
      expect(status.textContent).toBe('');
      expect(status.getAttribute('data-connection')).toBe('online');
    },
  );

  it('says nothing about being back when it was never away', async () => {
    await i18n.changeLanguage('ru');
    render(<ConnectionBanner />);
    act(() => markOnline());
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('goes back to reconnecting if Kadr is away again while "back" shows', async () => {
    await i18n.changeLanguage('en');
    render(<ConnectionBanner />);
    act(() => markReconnecting());
    act(() => markOnline());
    act(() => vi.advanceTimersByTime(1_000));
    act(() => markReconnecting());
    act(() => vi.advanceTimersByTime(backShownMs));
    expect(screen.getByRole('status').textContent).toBe(
      "Can't reach Kadr right now — reconnecting…",
    );
  });
});

describe('the loading screen', () => {
  it('says it is reconnecting while the session’s check waits for Kadr', async () => {
    await i18n.changeLanguage('ru');
    render(<LoadingScreen />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка…');
    act(() => markReconnecting());
    expect(screen.getByRole('status').textContent).toBe('Нет связи с сервером — переподключаемся…');
  });
});
