import { addTexts } from '~/lib/i18n';

/**
 * The library's dialogs' texts (`app:shareDialog.*`, `viewerDialog.*`, `collectionsDialog.*`,
 * `deleteDialog.*`): a share link's, the viewer's, a result's collections and its deletion. Loaded with those dialogs' code, not with the screens that open them (ADR 042), in
 * the interface’s language.
 */
addTexts('app', null, {
  ru: () => import('./ru/app-library-dialogs.json'),
  en: () => import('./en/app-library-dialogs.json'),
});
