import { addTexts } from '~/lib/i18n';

/**
 * The library's texts (`app:history.*`, `library.*`, `share.*`, `viewer.*`): history, favourites,
 * collections, share links and the viewer. Loaded with the screens that use them only, in the
 * interface’s language (ADR 042).
 */
addTexts('app', null, {
  ru: () => import('./ru/app-library.json'),
  en: () => import('./en/app-library.json'),
});
