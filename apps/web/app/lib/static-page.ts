import {
  type Language,
  type LocalizedPath,
  languageOfPath,
  localizedPublicPath,
} from '@kadr/contract';
import { useContext } from 'react';
import { UNSAFE_FrameworkContext, useLocation, useMatches } from 'react-router';
import { useTranslation } from '~/lib/use-translation';

/** What a route module's `handle` may say about how its page is delivered. */
export type PageHandle = {
  /** `false`: complete prerendered HTML with no client JavaScript at all (ADR 007). */
  hydrate?: boolean;
};

/** The `handle` of marketing pages: prerendered, never hydrated. */
export const staticPageHandle = { hydrate: false } as const satisfies PageHandle;

function isStatic(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'hydrate' in handle
    ? handle.hydrate === false
    : false;
}

/** Whether the current page is a static marketing page (no client JavaScript). */
export function useStaticPage(): boolean {
  // The SPA fallback document is rendered at "/" while building, yet shows only the root's
  // HydrateFallback and must load the app: React Router itself ignores the other matches in
  // SPA mode, and so do we (it exposes the flag only through this context).
  const spaMode = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  const matches = useMatches();
  return !spaMode && matches.some((match) => isStatic(match.handle));
}

/** A static page's language, which its address decides (`/en/…`); null on the app's pages. */
export function useStaticPageLanguage(): Language | null {
  const staticPage = useStaticPage();
  const { pathname } = useLocation();
  return staticPage ? languageOfPath(pathname) : null;
}

/**
 * The language the page speaks: on a static page its address's (the public layout provides a
 * fixed-language i18n instance there), elsewhere the person's choice. Re-renders on a switch.
 */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language;
}

/** Addresses of localized pages in the page's language (`/smm` → `/en/smm` on English pages). */
export function useLocalizedPath(): (path: LocalizedPath) => string {
  const language = usePageLanguage();
  return (path) => localizedPublicPath(path, language);
}
