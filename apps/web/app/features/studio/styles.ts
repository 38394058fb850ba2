import { useCallback } from 'react';
import { withTexts } from '~/lib/i18n';
import type { StudioAction } from './studio-state';

// Style presets in the studio (issue #49, ADR 051). The catalogue's styles and the picker load on
// first use: what the first load carries is this — the way to find a style by its id (a reused
// result's, an example's) and choose it once its data is in.

const loadStyleData = () => withTexts(import('./style-data'));

/**
 * Chooses a style named by its id from outside the picker: a reused result's or an example's. The
 * form drops it if its model does not take it; one the catalogue no longer has is left out.
 */
export function useStyleHandoff(dispatch: (action: StudioAction) => void) {
  return useCallback(
    (id: string | undefined) => {
      if (!id) return;
      loadStyleData().then(
        (data) => {
          const style = data.findStyle(id);
          if (style) dispatch({ type: 'style', style });
        },
        (failure: unknown) => console.warn(failure instanceof Error ? failure.message : failure),
      );
    },
    [dispatch],
  );
}
