import type { Page } from '@playwright/test';
import { appTexts } from '../../apps/web/app/locales/app-texts.ts';

/** The signed-in app's texts, per language, for expected strings (the app's own assembly of them). */
export { appTexts };
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
