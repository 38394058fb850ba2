import '~/locales/auth';
import { languageOfPath, localizedPublicPath, paths } from '@kadr/contract';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';

/** The sign-in page's head tags, in the language of its address (`/login`, `/en/login`). */
export function loginMeta(pathname: string) {
  const language = languageOfPath(pathname);
  const t = i18n.getFixedT(language, 'auth');
  return pageMeta({
    title: t('login.meta.title'),
    description: t('login.meta.description'),
    keywords: t('login.meta.keywords'),
    path: localizedPublicPath(paths.login, language),
    language,
    alternatesOf: paths.login,
  });
}
