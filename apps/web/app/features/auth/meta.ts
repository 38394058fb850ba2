import '~/locales/auth';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';

export function loginMeta(path: string) {
  const t = i18n.getFixedT(null, 'auth');
  return pageMeta({
    title: t('login.meta.title'),
    description: t('login.meta.description'),
    keywords: t('login.meta.keywords'),
    path,
  });
}
