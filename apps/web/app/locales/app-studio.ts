import { addNamespace } from '~/lib/i18n';
import en from './en/app-studio.json';
import ru from './ru/app-studio.json';

/**
 * The studio’s texts (`app:studio.*`): its form, models, parameters and running
 * generations. Loaded with the screens that use them only (ADR 029).
 */
addNamespace('app', { en: { studio: en }, ru: { studio: ru } });
