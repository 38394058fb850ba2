import enApp from './en/app.json' with { type: 'json' };
import enBatch from './en/app-batch.json' with { type: 'json' };
import enCards from './en/app-cards.json' with { type: 'json' };
import enCharacters from './en/app-characters.json' with { type: 'json' };
import enCompare from './en/app-compare.json' with { type: 'json' };
import enElements from './en/app-elements.json' with { type: 'json' };
import enElementsEditor from './en/app-elements-editor.json' with { type: 'json' };
import enKeys from './en/app-keys.json' with { type: 'json' };
import enLibrary from './en/app-library.json' with { type: 'json' };
import enLibraryDialogs from './en/app-library-dialogs.json' with { type: 'json' };
import enMontage from './en/app-montage.json' with { type: 'json' };
import enPricing from './en/app-pricing.json' with { type: 'json' };
import enProfile from './en/app-profile.json' with { type: 'json' };
import enRun from './en/app-run.json' with { type: 'json' };
import enStudio from './en/app-studio.json' with { type: 'json' };
import enStyles from './en/app-styles.json' with { type: 'json' };
import enTools from './en/app-tools.json' with { type: 'json' };
import ruApp from './ru/app.json' with { type: 'json' };
import ruBatch from './ru/app-batch.json' with { type: 'json' };
import ruCards from './ru/app-cards.json' with { type: 'json' };
import ruCharacters from './ru/app-characters.json' with { type: 'json' };
import ruCompare from './ru/app-compare.json' with { type: 'json' };
import ruElements from './ru/app-elements.json' with { type: 'json' };
import ruElementsEditor from './ru/app-elements-editor.json' with { type: 'json' };
import ruKeys from './ru/app-keys.json' with { type: 'json' };
import ruLibrary from './ru/app-library.json' with { type: 'json' };
import ruLibraryDialogs from './ru/app-library-dialogs.json' with { type: 'json' };
import ruMontage from './ru/app-montage.json' with { type: 'json' };
import ruPricing from './ru/app-pricing.json' with { type: 'json' };
import ruProfile from './ru/app-profile.json' with { type: 'json' };
import ruRun from './ru/app-run.json' with { type: 'json' };
import ruStudio from './ru/app-studio.json' with { type: 'json' };
import ruStyles from './ru/app-styles.json' with { type: 'json' };
import ruTools from './ru/app-tools.json' with { type: 'json' };

/**
 * The whole `app` namespace per language, its screens' sections included — for the tests that
 * check the texts, here and in the end-to-end suite. The app itself never imports this: each
 * screen loads its own section (ADR 029).
 */
export const appTexts = {
  ru: {
    ...ruApp,
    ...ruLibrary,
    ...ruLibraryDialogs,
    batch: ruBatch,
    cards: ruCards,
    characters: ruCharacters,
    compare: ruCompare,
    elements: ruElements,
    elementsEditor: ruElementsEditor,
    keys: ruKeys,
    montage: ruMontage,
    pricing: ruPricing,
    profile: ruProfile,
    run: ruRun,
    studio: ruStudio,
    styles: ruStyles,
    tools: ruTools,
  },
  en: {
    ...enApp,
    ...enLibrary,
    ...enLibraryDialogs,
    batch: enBatch,
    cards: enCards,
    characters: enCharacters,
    compare: enCompare,
    elements: enElements,
    elementsEditor: enElementsEditor,
    keys: enKeys,
    montage: enMontage,
    pricing: enPricing,
    profile: enProfile,
    run: enRun,
    studio: enStudio,
    styles: enStyles,
    tools: enTools,
  },
} as const;
