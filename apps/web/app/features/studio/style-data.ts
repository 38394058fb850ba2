// The style presets as the picker shows them (issue #49, ADR 051): the catalogue's entries, which
// the studio's first load does not carry — this module is fetched with the picker, on first use,
// or when a reused result or an example names a style (./styles.ts).
import { getStyle, type StyleDefinition, stylesFor } from '@kadr/catalog';
import type { ChosenStyle } from './studio-state';

export { stylePreview } from './style-previews';

/** What the form keeps of a style. */
export function chosenStyle(style: StyleDefinition): ChosenStyle {
  return { id: style.id, name: style.name, models: style.models };
}

/** A style by its id, as the form keeps it; undefined for one the catalogue does not have. */
export function findStyle(id: string): ChosenStyle | undefined {
  const style = getStyle(id);
  return style ? chosenStyle(style) : undefined;
}

/** The styles a model takes, in the catalogue's order, grouped by kind. */
export function styleGroups(modelId: string) {
  const order = ['product', 'photo', 'art', 'graphic'] as const;
  const offered = stylesFor(modelId);
  return order
    .map((category) => ({
      category,
      styles: offered.filter((style) => style.category === category),
    }))
    .filter((group) => group.styles.length > 0);
}
