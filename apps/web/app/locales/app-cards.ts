import { addTexts } from '~/lib/i18n';

/**
 * The card workshop’s texts (`app:cards.*`).
 * Loaded with the screens that use them only (ADR 029), in the interface’s language
 * (ADR 042).
 */
addTexts('app', 'cards', {
  ru: () => import('./ru/app-cards.json'),
  en: () => import('./en/app-cards.json'),
});
