import { languages, localizedPublicPath, marketingPaths } from '@kadr/contract';
import { absoluteUrl, pageAlternates } from '~/lib/meta';

/** Every marketing page in every language, each with its language alternates (prerendered). */
export function loader() {
  const entries = marketingPaths.flatMap((path) =>
    languages.map((language) => {
      const alternates = pageAlternates(path)
        .map(
          ({ hrefLang, href }) =>
            `    <xhtml:link rel="alternate" hreflang="${hrefLang}" href="${href}"/>`,
        )
        .join('\n');
      return `  <url>\n    <loc>${absoluteUrl(localizedPublicPath(path, language))}</loc>\n${alternates}\n  </url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
