import type { MetaDescriptor } from 'react-router';
import { siteUrl } from './env';
import { currentLanguage, i18n } from './i18n';

type PageMeta = {
  title: string;
  description: string;
  keywords?: string;
  /** The page's path, for canonical and og:url. */
  path: string;
  /** Keep the page out of search results (signed-in screens, 404). */
  noindex?: boolean;
};

const ogLocale = { ru: 'ru_RU', en: 'en_US' } as const;

/** Title, description, keywords and social-sharing tags of a page, in the current language. */
export function pageMeta({
  title,
  description,
  keywords,
  path,
  noindex,
}: PageMeta): MetaDescriptor[] {
  const url = new URL(path, siteUrl).href;
  return [
    { title },
    { name: 'description', content: description },
    ...(keywords ? [{ name: 'keywords', content: keywords }] : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: i18n.t('brand') },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: ogLocale[currentLanguage()] },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(noindex ? [] : [{ tagName: 'link', rel: 'canonical', href: url }]),
  ];
}
