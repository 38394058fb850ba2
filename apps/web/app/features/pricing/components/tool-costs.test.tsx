import { listTools } from '@kadr/catalog';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { ToolCosts } from './tool-costs';

afterEach(cleanup);

function cards() {
  const section = screen.getByRole('region', { name: i18n.t('app:pricing.costs.tools') });
  return within(section)
    .getAllByRole('listitem')
    .map((card) => card.textContent ?? '');
}

describe('the tools on /pricing', () => {
  it('in Russian: the five tools from the catalogue, per picture or per megapixel', async () => {
    await i18n.changeLanguage('ru');
    render(<ToolCosts />);
    expect(screen.getByRole('heading', { name: 'Инструменты' })).toBeTruthy();
    const text = cards();
    expect(text).toHaveLength(listTools().length);
    expect(text).toHaveLength(5);
    expect(text).toEqual(listTools().map((tool) => expect.stringContaining(tool.tool.title.ru)));
    expect(text.find((card) => card.startsWith('Увеличить'))).toContain(
      '0,25 кредита за мегапиксель результата, минимум 1 кредит',
    );
    expect(text.find((card) => card.startsWith('Убрать фон'))).toContain('2 кредита за картинку');
    expect(text.find((card) => card.startsWith('Исправить область'))).toContain(
      '5 кредитов за картинку',
    );
  });

  it('in English: the same, in English plurals', async () => {
    await i18n.changeLanguage('en');
    render(<ToolCosts />);
    expect(screen.getByRole('heading', { name: 'Tools' })).toBeTruthy();
    const text = cards();
    expect(text.find((card) => card.startsWith('Upscale'))).toContain(
      '0.25 credits per megapixel of the result, at least 1 credit',
    );
    expect(text.find((card) => card.startsWith('Replace background'))).toContain(
      '4 credits per picture',
    );
  });
});
