import { addNamespace } from '~/lib/i18n';
import en from './en/app-tools.json';
import ru from './ru/app-tools.json';

/**
 * The tools screen’s texts (`app:tools.*`).
 * Loaded with the screens that use them only (ADR 029).
 */
addNamespace('app', { en: { tools: en }, ru: { tools: ru } });
