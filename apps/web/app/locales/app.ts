import { addTexts } from '~/lib/i18n';

/**
 * The signed-in screens' shared texts (`app:*`: the shell, generations, the library…), loaded in
 * the interface's language before a screen renders (ADR 042).
 */
addTexts('app', null, {
  ru: () => import('./ru/app.json'),
  en: () => import('./en/app.json'),
});
