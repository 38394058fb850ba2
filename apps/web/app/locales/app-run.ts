import { addTexts } from '~/lib/i18n';

/**
 * The texts of a run under way (`app:run.*`): its pictures' uploads, its announcements, its
 * notifications, its field errors and the running generations' times and actions. Loaded by the
 * code that says them — the studio's on its first run, not with its first paint (ADR 042) — in
 * the interface’s language.
 */
addTexts('app', 'run', {
  ru: () => import('./ru/app-run.json'),
  en: () => import('./en/app-run.json'),
});
