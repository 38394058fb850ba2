import 'i18next';
import type admin from '~/locales/ru/admin.json';
import type app from '~/locales/ru/app.json';
import type batch from '~/locales/ru/app-batch.json';
import type cards from '~/locales/ru/app-cards.json';
import type characters from '~/locales/ru/app-characters.json';
import type compare from '~/locales/ru/app-compare.json';
import type elements from '~/locales/ru/app-elements.json';
import type elementsEditor from '~/locales/ru/app-elements-editor.json';
import type keys from '~/locales/ru/app-keys.json';
import type library from '~/locales/ru/app-library.json';
import type libraryDialogs from '~/locales/ru/app-library-dialogs.json';
import type montage from '~/locales/ru/app-montage.json';
import type pricing from '~/locales/ru/app-pricing.json';
import type profile from '~/locales/ru/app-profile.json';
import type run from '~/locales/ru/app-run.json';
import type studio from '~/locales/ru/app-studio.json';
import type styles from '~/locales/ru/app-styles.json';
import type tools from '~/locales/ru/app-tools.json';
import type auth from '~/locales/ru/auth.json';
import type common from '~/locales/ru/common.json';
import type developers from '~/locales/ru/developers.json';
import type landing from '~/locales/ru/landing.json';
import type legal from '~/locales/ru/legal.json';

// Typed keys: `t('landing:nope')` fails the type check. Russian is the reference language;
// app/locales/locales.test.ts checks that English has the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      landing: typeof landing;
      legal: typeof legal;
      developers: typeof developers;
      auth: typeof auth;
      // A screen's own texts are files of their own, loaded with it (app/locales/app-*.ts).
      app: typeof app &
        typeof library &
        typeof libraryDialogs & {
          studio: typeof studio;
          tools: typeof tools;
          cards: typeof cards;
          batch: typeof batch;
          compare: typeof compare;
          pricing: typeof pricing;
          profile: typeof profile;
          run: typeof run;
          keys: typeof keys;
          elements: typeof elements;
          elementsEditor: typeof elementsEditor;
          characters: typeof characters;
          styles: typeof styles;
          montage: typeof montage;
        };
      admin: typeof admin;
    };
  }
}
