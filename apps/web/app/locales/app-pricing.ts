import { addNamespace } from '~/lib/i18n';
import en from './en/app-pricing.json';
import ru from './ru/app-pricing.json';

/**
 * The pricing screen’s texts (`app:pricing.*`): packages, model costs, worked examples,
 * questions. Loaded with the screens that use them only (ADR 029).
 */
addNamespace('app', { en: { pricing: en }, ru: { pricing: ru } });
