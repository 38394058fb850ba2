import { addTexts } from '~/lib/i18n';

/**
 * The profile’s texts (`app:profile.*`): balance, statement, top-up, account and
 * referrals. Loaded with the screens that use them only (ADR 029), in the interface’s language
 * (ADR 042).
 */
addTexts('app', 'profile', {
  ru: () => import('./ru/app-profile.json'),
  en: () => import('./en/app-profile.json'),
});
