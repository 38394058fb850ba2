import { addNamespace } from '~/lib/i18n';
import en from './en/app-compare.json';
import ru from './ru/app-compare.json';

/**
 * The model comparison’s texts (`app:compare.*`).
 * Loaded with the screens that use them only (ADR 029).
 */
addNamespace('app', { en: { compare: en }, ru: { compare: ru } });
