import { addTexts } from '~/lib/i18n';

/**
 * The model comparison’s texts (`app:compare.*`).
 * Loaded with the screens that use them only (ADR 029), in the interface’s language
 * (ADR 042).
 */
addTexts('app', 'compare', {
  ru: () => import('./ru/app-compare.json'),
  en: () => import('./en/app-compare.json'),
});
