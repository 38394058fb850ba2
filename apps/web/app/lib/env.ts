/** The only reader of build-time configuration (`import.meta.env`) in the web app. */

function parseSiteUrl(raw: string | undefined): string {
  const value = raw?.trim() || 'http://localhost:3000';
  // Fail the build (prerendering imports this module) rather than publish broken links.
  const url = new URL(value);
  return url.origin;
}

/** Public origin of the site, used for canonical and social-sharing URLs. Set VITE_SITE_URL. */
export const siteUrl = parseSiteUrl(import.meta.env.VITE_SITE_URL);

/** The support bot, opened from the sidebar. */
export const supportUrl = 'https://t.me/kadr_support_bot';
