import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '~/lib/i18n';
import { PricesSection } from './prices-section';

afterEach(cleanup);

function row(id: string): string {
  render(
    <MemoryRouter>
      <PricesSection />
    </MemoryRouter>,
  );
  return document.querySelector(`[data-model-cost="${id}"]`)?.textContent ?? '';
}

describe("the public price list's video rates (ADR 048)", () => {
  it('in Russian: Veo 3 with sound and without, and its 8-second video from the cheaper', async () => {
    await i18n.changeLanguage('ru');
    expect(row('veo3')).toBe(
      'Veo 3' +
        '50 кредитов за секунду без звука · 75 кредитов за секунду со звуком · ' +
        'всегда 8\u00a0с: 400–600 кредитов за видео',
    );
  });

  it('in English: Veo 3 Fast likewise; a resolution keeps its own words', async () => {
    await i18n.changeLanguage('en');
    expect(row('veo3-fast')).toBe(
      'Veo 3 Fast' +
        '27 credits per second without sound · 40 credits per second with sound · ' +
        'always 8\u00a0s: 216–320 credits per video',
    );
    cleanup();
    expect(row('seedance-pro')).toContain('480p: 3 credits per second');
  });
});
