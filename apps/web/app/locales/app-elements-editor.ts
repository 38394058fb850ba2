import { addTexts } from '~/lib/i18n';

/**
 * The texts of the library's dialogs (`app:elementsEditor.*`): making an element, its editor,
 * its pictures' uploads and picker, its deletion, the server's refusals. Loaded with that code,
 * not with the screen's first paint (ADR 042), in the interface's language.
 */
addTexts('app', 'elementsEditor', {
  ru: () => import('./ru/app-elements-editor.json'),
  en: () => import('./en/app-elements-editor.json'),
});
