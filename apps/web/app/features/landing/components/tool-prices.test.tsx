import { listTools } from '@kadr/catalog';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { ToolPriceGroup, ToolsSection } from './tool-prices';

afterEach(cleanup);

describe("the public pages' tool prices", () => {
  it('in Russian: the home price list names the five tools with their prices', async () => {
    await i18n.changeLanguage('ru');
    render(
      <MemoryRouter>
        <ToolPriceGroup />
      </MemoryRouter>,
    );
    const group = screen.getByRole('region', { name: 'Инструменты' });
    const rows = within(group)
      .getAllByRole('listitem')
      .map((row) => row.textContent ?? '');
    expect(rows).toEqual(listTools().map((tool) => expect.stringContaining(tool.tool.title.ru)));
    expect(rows[0]).toContain('0,25 кредита за мегапиксель результата, минимум 1 кредит');
    expect(rows.join()).toContain('2 кредита за картинку');
  });

  it('in English: the marketplace block gives each tool what it does and costs', async () => {
    await i18n.changeLanguage('en');
    render(
      <MemoryRouter>
        <ToolsSection title="Tools for sellers" subtitle="Cut out, new background." />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Tools for sellers' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    expect(within(section).getByRole('heading', { name: 'Remove background' })).toBeTruthy();
    expect(section.textContent).toContain('2 credits per picture');
    expect(section.textContent).toContain(
      '0.25 credits per megapixel of the result, at least 1 credit',
    );
  });
});
