import '~/locales/app';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n';

describe('i18n', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('ru');
  });

  it('starts in Russian', () => {
    expect(i18n.language).toBe('ru');
    expect(i18n.t('notFound.title')).toBe('Упс! Страница не найдена');
  });

  it('reports a missing key as a console error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A key the types do not know: exactly what the handler exists to catch at run time.
    i18n.t('no.such.key' as never);
    expect(error).toHaveBeenCalledWith(
      'i18n missing key',
      expect.any(String),
      'common',
      'no.such.key',
    );
  });

  it.each([
    [1, '1 кредит'],
    [3, '3 кредита'],
    [5, '5 кредитов'],
    [11, '11 кредитов'],
    [21, '21 кредит'],
    [1000, '1 000 кредитов'],
  ])('says %i credits in Russian as "%s"', (count, expected) => {
    const text = i18n.t('user.credits', { ns: 'app', count });
    expect(text.replace(/\s/gu, ' ')).toBe(expected);
  });

  it('says credits in English', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('user.credits', { ns: 'app', count: 1 })).toBe('1 credit');
    expect(i18n.t('user.credits', { ns: 'app', count: 25 })).toBe('25 credits');
  });
});
