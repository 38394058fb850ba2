import type { Page } from '@playwright/test';
import enApp from '../../apps/web/app/locales/en/app.json' with { type: 'json' };
import enBatch from '../../apps/web/app/locales/en/app-batch.json' with { type: 'json' };
import enCompare from '../../apps/web/app/locales/en/app-compare.json' with { type: 'json' };
import enPricing from '../../apps/web/app/locales/en/app-pricing.json' with { type: 'json' };
import enProfile from '../../apps/web/app/locales/en/app-profile.json' with { type: 'json' };
import enStudio from '../../apps/web/app/locales/en/app-studio.json' with { type: 'json' };
import ruApp from '../../apps/web/app/locales/ru/app.json' with { type: 'json' };
import ruBatch from '../../apps/web/app/locales/ru/app-batch.json' with { type: 'json' };
import ruCompare from '../../apps/web/app/locales/ru/app-compare.json' with { type: 'json' };
import ruPricing from '../../apps/web/app/locales/ru/app-pricing.json' with { type: 'json' };
import ruProfile from '../../apps/web/app/locales/ru/app-profile.json' with { type: 'json' };
import ruStudio from '../../apps/web/app/locales/ru/app-studio.json' with { type: 'json' };

/**
 * The signed-in app's texts, per language, for expected strings: the `app` namespace with the
 * screens' own texts, which the app keeps in files of their own (`app-studio.json`…).
 */
export const appTexts = {
  ru: {
    ...ruApp,
    batch: ruBatch,
    compare: ruCompare,
    pricing: ruPricing,
    profile: ruProfile,
    studio: ruStudio,
  },
  en: {
    ...enApp,
    batch: enBatch,
    compare: enCompare,
    pricing: enPricing,
    profile: enProfile,
    studio: enStudio,
  },
} as const;
export type Lang = keyof typeof appTexts;

/** i18next-style `{{name}}` filling, for expected texts. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)(?:, number)?\}\}/g, (_, key: string) => String(values[key]));
}

/** A plural form as i18next picks it: ru 6 → `_many`, en 6 → `_other`. */
export function plural(
  lang: Lang,
  forms: Record<string, unknown>,
  key: string,
  count: number,
): string {
  const form = new Intl.PluralRules(lang).select(count);
  const template = forms[`${key}_${form}`] ?? forms[`${key}_other`];
  return fill(String(template), { count });
}

/** Makes every page of this test start in `lang` (the app's stored choice). */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((language) => localStorage.setItem('kadr.lang', language), lang);
}
