import { addTexts } from '~/lib/i18n';

/**
 * The texts of the style picker and the prompt improver's panel (`app:styles.*`, issue #49):
 * loaded with that code on first use, not with the studio's first paint, in the interface's
 * language.
 */
addTexts('app', 'styles', {
  ru: () => import('./ru/app-styles.json'),
  en: () => import('./en/app-styles.json'),
});
