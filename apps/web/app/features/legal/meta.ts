import '~/locales/legal';
import { languageOfPath, localizedPublicPath, paths } from '@kadr/contract';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import type { LegalDocument } from './components/legal-page';

const documentPath = { privacy: paths.privacyPolicy, terms: paths.termsOfUse } as const;

/** A legal page's head tags, in the language of its address. */
export function legalMeta(document: LegalDocument, pathname: string) {
  const language = languageOfPath(pathname);
  const t = i18n.getFixedT(language, 'legal');
  const path = documentPath[document];
  return pageMeta({
    title: t(`${document}.meta.title`),
    description: t(`${document}.meta.description`),
    keywords: t(`${document}.meta.keywords`),
    path: localizedPublicPath(path, language),
    language,
    alternatesOf: path,
  });
}
