import { paths, signedInPaths } from '@kadr/contract';
import { absoluteUrl } from '~/lib/meta';

/** Crawl everything public; keep out of the signed-in app and the API (prerendered). */
export function loader() {
  const disallowed = ['/api/', ...signedInPaths, '/emulators/'];
  const body = [
    'User-agent: *',
    `Allow: ${paths.home}`,
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
