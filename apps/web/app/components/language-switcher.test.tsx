import '~/locales/app';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addTexts, i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { LanguageSwitcher } from './language-switcher';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('ru');
});

describe('the language switch', () => {
  it('switches once the other language’s texts are in, and remembers it', async () => {
    render(<LanguageSwitcher />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
    });
    await vi.waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(document.cookie).toContain('lang=en');
  });

  it('changes nothing, and says so, when they cannot load (offline)', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the cookie the switch writes.
    document.cookie = 'lang=ru; path=/';
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A screen's texts whose English file does not arrive.
    addTexts('app', 'offline', {
      ru: () => Promise.resolve({ default: {} }),
      en: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    render(<LanguageSwitcher />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
    });
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Не удалось переключить язык: проверьте соединение и попробуйте ещё раз.',
      ),
    );
    expect(i18n.language).toBe('ru');
    expect(screen.getByRole('button', { name: 'Русский' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(document.cookie).toContain('lang=ru');
    expect(warn).toHaveBeenCalled();
  });
});
