import '~/locales/app';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import en from '~/locales/en/app-studio.json';
import { generateState } from '../generate-state';
import { GenerateButton } from './generate-button';

type Input = Parameters<typeof generateState>[0];
const ready: Input = {
  prompt: 'a red fox',
  starting: false,
  uploading: false,
  estimate: 6,
  balance: 100,
};

function renderButton(input: Partial<Input>) {
  render(
    <MemoryRouter>
      <GenerateButton state={generateState({ ...ready, ...input })} />
    </MemoryRouter>,
  );
  return screen.getByRole('button');
}

afterEach(cleanup);

describe('the generate button (spec §5, §8)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('is enabled with a prompt and enough tokens, and shows the cost', () => {
    const button = renderButton({});
    expect(button).toHaveProperty('disabled', false);
    expect(button.textContent).toBe('Generate · 6 credits');
  });

  it('is disabled while the prompt is empty or only whitespace', () => {
    for (const prompt of ['', '   \n\t']) {
      const button = renderButton({ prompt });
      expect(button).toHaveProperty('disabled', true);
      expect(button.textContent).toBe('Generate · 6 credits');
      cleanup();
    }
  });

  it('is disabled while a start is pending, and says so', () => {
    const button = renderButton({ starting: true });
    expect(button).toHaveProperty('disabled', true);
    expect(button.textContent).toBe(en.starting);
  });

  it('is disabled while an image uploads', () => {
    const button = renderButton({ uploading: true });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('says how many credits are missing, with the unit, when the balance is below the estimate', () => {
    const button = renderButton({ estimate: 150, balance: 149 });
    expect(button).toHaveProperty('disabled', true);
    expect(button.textContent).toBe('Not enough credits: 150 credits needed');
    expect(screen.getByRole('link', { name: en.topUp }).getAttribute('href')).toBe('/pricing');
  });

  it('a balance exactly at the estimate is enough; a zero or unknown estimate never blocks', () => {
    expect(renderButton({ estimate: 150, balance: 150 })).toHaveProperty('disabled', false);
    cleanup();
    expect(renderButton({ estimate: 0, balance: 0 })).toHaveProperty('disabled', false);
    cleanup();
    const unknown = renderButton({ estimate: null, balance: 0 });
    expect(unknown).toHaveProperty('disabled', false);
    expect(unknown.textContent).toBe(en.generatePlain);
  });

  it('speaks Russian, with Russian plurals', async () => {
    await i18n.changeLanguage('ru');
    expect(renderButton({ estimate: 3 }).textContent).toBe('Создать · 3 кредита');
    cleanup();
    expect(renderButton({ estimate: 6 }).textContent).toBe('Создать · 6 кредитов');
    cleanup();
    expect(renderButton({ estimate: 150, balance: 10 }).textContent).toBe(
      'Недостаточно кредитов: нужно 150 кредитов',
    );
    cleanup();
    expect(renderButton({ estimate: 21, balance: 10 }).textContent).toBe(
      'Недостаточно кредитов: нужен 21 кредит',
    );
  });
});
