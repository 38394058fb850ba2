import { characterTraining } from '@kadr/catalog';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { CharacterCost } from './character-cost';

afterEach(cleanup);

describe('a character of one’s own on /pricing (ADR 045)', () => {
  it.each([
    [
      'ru',
      'Свой персонаж',
      '150 кредитов за обучение, один раз · 3 кредита за картинку',
      'Если обучение не удалось или вы его остановили, кредиты вернутся на баланс.',
    ],
    [
      'en',
      'A character of your own',
      '150 credits to train, once · 3 credits per picture',
      'If the training fails or you stop it, the credits come back to your balance.',
    ],
  ] as const)(
    '%s: the training once, then each picture, from the catalogue',
    async (lang, title, rate, refund) => {
      await i18n.changeLanguage(lang);
      render(<CharacterCost />);
      const section = screen.getByRole('region', { name: title });
      expect(section.textContent).toContain(rate);
      expect(section.textContent).toContain(refund);
      expect(section.textContent).toContain(characterTraining.description[lang]);
    },
  );
});
