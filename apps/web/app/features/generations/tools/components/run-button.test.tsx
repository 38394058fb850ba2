import '~/locales/app';
import { getModel, isTool } from '@kadr/catalog';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { instantCost, toolValues } from '../tool-run';
import { RunButton, runState } from './run-button';

const ready: Parameters<typeof runState>[0] = {
  cost: 4,
  balance: 100,
  blocked: null,
  preparing: false,
  starting: false,
};

function label(title: string, input: Partial<typeof ready>) {
  render(
    <MemoryRouter>
      <RunButton title={title} state={runState({ ...ready, ...input })} />
    </MemoryRouter>,
  );
  return screen.getByRole('button').textContent;
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ru');
});

describe('the tool’s run button', () => {
  it('shows the cost before running, with Russian plurals', async () => {
    await i18n.changeLanguage('ru');
    expect(label('Увеличить', { cost: 1 })).toBe('Увеличить · 1 кредит');
    cleanup();
    expect(label('Увеличить', { cost: 4 })).toBe('Увеличить · 4 кредита');
    cleanup();
    expect(label('Исправить область', { cost: 5 })).toBe('Исправить область · 5 кредитов');
    cleanup();
    expect(label('Увеличить', { cost: 21 })).toBe('Увеличить · 21 кредит');
  });

  it('shows the cost in English, and what is missing instead of running', async () => {
    await i18n.changeLanguage('en');
    expect(label('Upscale', { cost: 1 })).toBe('Upscale · 1 credit');
    cleanup();
    expect(label('Upscale', { cost: 4 })).toBe('Upscale · 4 credits');
    cleanup();
    expect(label('Upscale', { cost: 40, balance: 3 })).toContain('40');
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
    expect(screen.getByRole('link').textContent).toMatch(/top up/i);
    cleanup();
    label('Upscale', { blocked: 'Pick a picture first' });
    expect(screen.getByText('Pick a picture first')).toBeTruthy();
  });

  it('prices a per-megapixel tool from the source’s size', () => {
    const tool = getModel('upscale');
    if (!tool || !isTool(tool)) throw new Error('upscale is not a tool');
    const values = { ...toolValues(tool), scale: 4 };
    // 2048 × 2048 × 16 ≈ 67 MP would be too large; 1024² × 16 ≈ 16.8 MP → 0.25 × 16.8 → 5.
    expect(instantCost(tool, values, { width: 1024, height: 1024 })).toBe(5);
    expect(instantCost(tool, { ...values, scale: 2 }, { width: 512, height: 512 })).toBe(1);
  });
});
