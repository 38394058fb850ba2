import '~/locales/legal';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import type { LegalDocument } from './components/legal-page';

export function legalMeta(document: LegalDocument, path: string) {
  const t = i18n.getFixedT(null, 'legal');
  return pageMeta({
    title: t(`${document}.meta.title`),
    description: t(`${document}.meta.description`),
    keywords: t(`${document}.meta.keywords`),
    path,
  });
}
