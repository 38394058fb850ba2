import { addNamespace } from '~/lib/i18n';
import en from './en/app-profile.json';
import ru from './ru/app-profile.json';

/**
 * The profile’s texts (`app:profile.*`): balance, statement, top-up, account and
 * referrals. Loaded with the screens that use them only (ADR 029).
 */
addNamespace('app', { en: { profile: en }, ru: { profile: ru } });
