import { addTexts } from '~/lib/i18n';

/**
 * The profile's API keys section (`app:keys.*`): keys, their dialogs, webhook deliveries and the
 * person's audit. Loaded with the section's own chunk only, not with the profile (ADR 029), in
 * the interface’s language (ADR 042).
 */
addTexts('app', 'keys', {
  ru: () => import('./ru/app-keys.json'),
  en: () => import('./en/app-keys.json'),
});
