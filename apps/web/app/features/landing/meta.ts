import '~/locales/developers';
import '~/locales/landing';
import { languageOfPath, localizedPublicPath, paths } from '@kadr/contract';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import { type UseCaseId, useCaseById } from './use-cases';

/** The landing page's head tags, in the language of its address. */
export function homeMeta(pathname: string) {
  const language = languageOfPath(pathname);
  const t = i18n.getFixedT(language, 'landing');
  return pageMeta({
    title: t('home.meta.title'),
    description: t('home.meta.description'),
    keywords: t('home.meta.keywords'),
    path: localizedPublicPath(paths.home, language),
    language,
    alternatesOf: paths.home,
  });
}

/** A use-case page's head tags, in the language of its address. */
export function useCaseMeta(useCase: UseCaseId, pathname: string) {
  const language = languageOfPath(pathname);
  const t = i18n.getFixedT(language, 'landing');
  const { path } = useCaseById(useCase);
  return pageMeta({
    title: t(`useCases.${useCase}.meta.title`),
    description: t(`useCases.${useCase}.meta.description`),
    keywords: t(`useCases.${useCase}.meta.keywords`),
    path: localizedPublicPath(path, language),
    language,
    alternatesOf: path,
  });
}

/** The developers' page's head tags, in the language of its address. */
export function developersMeta(pathname: string) {
  const language = languageOfPath(pathname);
  const t = i18n.getFixedT(language, 'developers');
  return pageMeta({
    title: t('meta.title'),
    description: t('meta.description'),
    keywords: t('meta.keywords'),
    path: localizedPublicPath(paths.developers, language),
    language,
    alternatesOf: paths.developers,
  });
}
