import { addTexts } from '~/lib/i18n';

/**
 * The montage's texts (`app:montage.*`): joining clips (ADR 047).
 * Loaded with the screens that use them only (ADR 029), in the interface’s language
 * (ADR 042).
 */
addTexts('app', 'montage', {
  ru: () => import('./ru/app-montage.json'),
  en: () => import('./en/app-montage.json'),
});
