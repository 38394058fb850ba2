import '~/locales/landing';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import type { UseCaseId } from './use-cases';

export function homeMeta(path: string) {
  const t = i18n.getFixedT(null, 'landing');
  return pageMeta({
    title: t('home.meta.title'),
    description: t('home.meta.description'),
    keywords: t('home.meta.keywords'),
    path,
  });
}

export function useCaseMeta(useCase: UseCaseId, path: string) {
  const t = i18n.getFixedT(null, 'landing');
  return pageMeta({
    title: t(`useCases.${useCase}.meta.title`),
    description: t(`useCases.${useCase}.meta.description`),
    keywords: t(`useCases.${useCase}.meta.keywords`),
    path,
  });
}
