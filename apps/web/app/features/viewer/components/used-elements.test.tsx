import '~/locales/app-library-dialogs';
import type { GenerationRecord } from '@kadr/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadTexts } from '~/lib/i18n';
import { UsedElements } from './used-elements';

const record = (jsondata: GenerationRecord['jsondata']) =>
  ({ id: 'g1', jsondata }) as unknown as GenerationRecord;

afterEach(cleanup);

describe('the elements a result was made with', () => {
  it.each([
    ['ru', 'Персонажи и товары', /^Аня\s*,\s*персонаж$/],
    ['en', 'Characters and products', /^Аня\s*,\s*character$/],
  ] as const)(
    'names them as they were used, each leading to the library (%s)',
    async (lang, label, name) => {
      await i18n.changeLanguage(lang);
      await loadTexts();
      render(
        <MemoryRouter>
          <UsedElements
            record={record({
              prompt: 'x',
              elements: [
                { id: 'e1', name: 'Аня', kind: 'character' },
                { id: 'e2', name: 'Бутылка', kind: 'product' },
              ],
            })}
          />
        </MemoryRouter>,
      );
      expect(screen.getByRole('region', { name: label })).toBeTruthy();
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe('/elements');
      expect(screen.getAllByRole('link')).toHaveLength(2);
    },
  );

  it('says nothing for a result made without them', () => {
    const { container } = render(
      <MemoryRouter>
        <UsedElements record={record({ prompt: 'x' })} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});
