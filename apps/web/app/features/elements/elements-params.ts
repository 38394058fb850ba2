import { type ElementKind, elementKinds, paths } from '@kadr/contract';

/** What the library shows: one kind or both, the elements in use or the archived ones. */
export type ElementsView = { kind: ElementKind | null; archived: boolean };

/** The view an address asks for (`?kind=product&archived=1`); anything else is the default. */
export function readElementsParams(search: URLSearchParams): ElementsView {
  const kind = search.get('kind');
  return {
    kind: elementKinds.find((known) => known === kind) ?? null,
    archived: search.get('archived') === '1',
  };
}

/** The address of a view: the library's own path with only what differs from the default. */
export function elementsHref(view: ElementsView): string {
  const query = new URLSearchParams();
  if (view.kind) query.set('kind', view.kind);
  if (view.archived) query.set('archived', '1');
  const text = query.toString();
  return text ? `${paths.elements}?${text}` : paths.elements;
}
