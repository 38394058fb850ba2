import { addTexts } from '~/lib/i18n';

/**
 * The pricing screen’s texts (`app:pricing.*`): packages, model costs, worked examples,
 * questions. Loaded with the screens that use them only (ADR 029), in the interface’s language
 * (ADR 042).
 */
addTexts('app', 'pricing', {
  ru: () => import('./ru/app-pricing.json'),
  en: () => import('./en/app-pricing.json'),
});
