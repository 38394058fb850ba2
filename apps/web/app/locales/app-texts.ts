import enApp from './en/app.json';
import enBatch from './en/app-batch.json';
import enCompare from './en/app-compare.json';
import enPricing from './en/app-pricing.json';
import enProfile from './en/app-profile.json';
import enStudio from './en/app-studio.json';
import ruApp from './ru/app.json';
import ruBatch from './ru/app-batch.json';
import ruCompare from './ru/app-compare.json';
import ruPricing from './ru/app-pricing.json';
import ruProfile from './ru/app-profile.json';
import ruStudio from './ru/app-studio.json';

/**
 * The whole `app` namespace per language, its screens' sections included — for tests that check
 * the texts. The app itself never imports this: each screen loads its own section (ADR 029).
 */
export const appTexts = {
  ru: {
    ...ruApp,
    batch: ruBatch,
    compare: ruCompare,
    pricing: ruPricing,
    profile: ruProfile,
    studio: ruStudio,
  },
  en: {
    ...enApp,
    batch: enBatch,
    compare: enCompare,
    pricing: enPricing,
    profile: enProfile,
    studio: enStudio,
  },
} as const;
