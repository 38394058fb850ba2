import { productFacts } from '@kadr/catalog';
import enRaw from '../../apps/web/app/locales/en/landing.json' with { type: 'json' };
import ruRaw from '../../apps/web/app/locales/ru/landing.json' with { type: 'json' };

/**
 * The public pages' texts as people read them: the product's numbers ({{models}},
 * {{maxVideoSeconds}}…) filled in from the catalogue, as the app's i18n does.
 */
function withFacts<T>(texts: T): T {
  const facts: Record<string, number> = productFacts();
  return JSON.parse(
    JSON.stringify(texts).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in facts ? String(facts[name]) : whole,
    ),
  ) as T;
}

export const en = withFacts(enRaw);
export const ru = withFacts(ruRaw);
