import 'i18next';
import type admin from '~/locales/ru/admin.json';
import type app from '~/locales/ru/app.json';
import type auth from '~/locales/ru/auth.json';
import type common from '~/locales/ru/common.json';
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
      auth: typeof auth;
      app: typeof app;
      admin: typeof admin;
    };
  }
}
