import { addTexts } from '~/lib/i18n';

/**
 * The tools screen’s texts (`app:tools.*`).
 * Loaded with the screens that use them only (ADR 029), in the interface’s language
 * (ADR 042).
 */
addTexts('app', 'tools', {
  ru: () => import('./ru/app-tools.json'),
  en: () => import('./en/app-tools.json'),
});
