import { addTexts } from '~/lib/i18n';

/**
 * The library of elements' screen texts (`app:elements.*`): its list, filters, cards and empty
 * state, said before any interaction. The dialogs' own are `app-elements-editor` (ADR 042).
 * Loaded in the interface's language.
 */
addTexts('app', 'elements', {
  ru: () => import('./ru/app-elements.json'),
  en: () => import('./en/app-elements.json'),
});
