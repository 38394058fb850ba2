import { addTexts } from '~/lib/i18n';

/**
 * The studio’s texts (`app:studio.*`): its form, models, parameters and running
 * generations. Loaded with the screens that use them only (ADR 029), in the interface’s language
 * (ADR 042).
 */
addTexts('app', 'studio', {
  ru: () => import('./ru/app-studio.json'),
  en: () => import('./en/app-studio.json'),
});
