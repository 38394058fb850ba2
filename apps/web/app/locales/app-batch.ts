import { addNamespace } from '~/lib/i18n';
import en from './en/app-batch.json';
import ru from './ru/app-batch.json';

/**
 * The batch screen’s texts (`app:batch.*`).
 * Loaded with the screens that use them only (ADR 029).
 */
addNamespace('app', { en: { batch: en }, ru: { batch: ru } });
