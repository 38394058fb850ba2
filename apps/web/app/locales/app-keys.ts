import { addNamespace } from '~/lib/i18n';
import en from './en/app-keys.json';
import ru from './ru/app-keys.json';

/**
 * The profile's API keys section (`app:keys.*`): keys, their dialogs, webhook deliveries and the
 * person's audit. Loaded with the section's own chunk only, not with the profile (ADR 029).
 */
addNamespace('app', { en: { keys: en }, ru: { keys: ru } });
