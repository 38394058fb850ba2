import { addTexts } from '~/lib/i18n';

/**
 * The batch screen’s texts (`app:batch.*`).
 * Loaded with the screens that use them only (ADR 029), in the interface’s language
 * (ADR 042).
 */
addTexts('app', 'batch', {
  ru: () => import('./ru/app-batch.json'),
  en: () => import('./en/app-batch.json'),
});
