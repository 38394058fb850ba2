import { addNamespace } from '~/lib/i18n';
import en from './en/app-cards.json';
import ru from './ru/app-cards.json';

/**
 * The card workshop’s texts (`app:cards.*`).
 * Loaded with the screens that use them only (ADR 029).
 */
addNamespace('app', { en: { cards: en }, ru: { cards: ru } });
