import {
  defaultLanguage,
  type Language,
  type LocalizedPath,
  languages,
  localizedPublicPath,
  type signedInPaths,
} from '@kadr/contract';
import type { MetaDescriptor } from 'react-router';
import { siteUrl } from './env';
import { currentLanguage, hasText, i18n } from './i18n';
import { socialCard } from './social-card';

type PageMeta = {
  title: string;
  description: string;
  keywords?: string;
  /** The page's path, for canonical and og:url. */
  path: string;
  /** Keep the page out of search results (signed-in screens, 404). */
  noindex?: boolean;
  /** The page's language; the current interface language when absent. */
  language?: Language;
  /** A localized page: link its copies in every language (`hreflang`). */
  alternatesOf?: LocalizedPath;
};

const ogLocale = { ru: 'ru_RU', en: 'en_US' } as const;

export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl).href;
}

/** A localized page's address in every language, and `x-default` (the Russian original). */
export function pageAlternates(path: LocalizedPath): { hrefLang: string; href: string }[] {
  return [
    ...languages.map((language) => ({
      hrefLang: language,
      href: absoluteUrl(localizedPublicPath(path, language)),
    })),
    { hrefLang: 'x-default', href: absoluteUrl(localizedPublicPath(path, defaultLanguage)) },
  ];
}

/** The app's title before a screen's own: the root's, and a screen's while its texts load. */
export const appMeta: MetaDescriptor[] = [{ title: 'Kadr' }];

/** A signed-in screen (`signedInPaths` without the slash): its title is `app:<screen>.meta.*`. */
type Screen = (typeof signedInPaths)[number] extends `/${infer Name}` ? Name : never;

/**
 * A signed-in screen's title and description (never indexed) once its texts are in, the app's
 * title until then: React Router can ask for it while the route's `clientLoader` is still loading
 * them.
 */
export function screenMeta(screen: Screen, path: string): MetaDescriptor[] {
  if (!hasText(`app:${screen}.meta.title`)) return appMeta;
  const t = i18n.getFixedT(null, 'app');
  return pageMeta({
    title: t(`${screen}.meta.title` as 'studio.meta.title'),
    description: t(`${screen}.meta.description` as 'studio.meta.description'),
    path,
    noindex: true,
  });
}

/** Title, description, keywords and social-sharing tags of a page, in its language. */
export function pageMeta({
  title,
  description,
  keywords,
  path,
  noindex,
  language = currentLanguage(),
  alternatesOf,
}: PageMeta): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl(socialCard.src);
  const alternates = alternatesOf ? pageAlternates(alternatesOf) : [];
  return [
    { title },
    { name: 'description', content: description },
    ...(keywords ? [{ name: 'keywords', content: keywords }] : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: i18n.t('brand', { lng: language }) },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: ogLocale[language] },
    ...(alternatesOf
      ? languages
          .filter((other) => other !== language)
          .map((other) => ({ property: 'og:locale:alternate', content: ogLocale[other] }))
      : []),
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(socialCard.width) },
    { property: 'og:image:height', content: String(socialCard.height) },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    ...(noindex ? [] : [{ tagName: 'link', rel: 'canonical', href: url }]),
    ...alternates.map(({ hrefLang, href }) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang,
      href,
    })),
  ];
}
