import { elementListSchema, type LibraryElement, paths } from '@kadr/contract';
import { wrapped } from '~/features/generations/api';
import { apiRequest } from '~/lib/api';
import { currentLanguage } from '~/lib/i18n';

/**
 * Reading the person's library of elements (ADR 043), shared by its own screen and the pickers of
 * the screens that use elements (the studio's references). Its changes are the library's
 * (features/elements/api.ts).
 */

/** The contract's schema its answer is checked with, in development and tests only (ADR 030). */
const answers = import.meta.env.DEV ? { elementListSchema } : undefined;

/**
 * The address with the interface's language: the server words its refusals (a name taken, too
 * many pictures) in it, and otherwise goes by the `lang` cookie, which only a language switched
 * in this browser sets.
 */
export function inLanguage(path: string, query = ''): string {
  return `${path}?${query ? `${query}&` : ''}lang=${currentLanguage()}`;
}

/** The person's elements in use, or (`archived`) the archived ones, latest changed first. */
export function listElements(archived: boolean, signal?: AbortSignal): Promise<LibraryElement[]> {
  return wrapped('Failed to get elements', async () => {
    const result = await apiRequest(inLanguage('/api/elements', archived ? 'archived=true' : ''), {
      signal,
      parse: answers?.elementListSchema.parse,
    });
    return result.items;
  });
}

/** The studio's search parameter naming a trained character of the person's to choose. */
export const characterParam = 'character';

/**
 * The studio with one of the person's trained characters chosen (`/studio?character=<id>`), as
 * the library's editor links to it: a link that works from anywhere, in a new tab or bookmarked;
 * applied once, then dropped from the address. Here, beside the list the studio reads to find the
 * character, rather than in the generations' base, which every screen loads (ADR 042).
 */
export function characterHref(elementId: string): string {
  return `${paths.studio}?${new URLSearchParams({ [characterParam]: elementId })}`;
}
