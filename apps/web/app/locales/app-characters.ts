import { addTexts } from '~/lib/i18n';

/**
 * The studio's texts about the person's trained characters (`app:characters.*`): their section
 * among the models and what is said when one asked for is gone. Loaded with that code, only for
 * someone who has a trained character or follows a link to one, not with the studio's first paint
 * (ADR 042), in the interface's language.
 */
addTexts('app', 'characters', {
  ru: () => import('./ru/app-characters.json'),
  en: () => import('./en/app-characters.json'),
});
