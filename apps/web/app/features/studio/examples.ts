import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '~/lib/i18n';
import type { StudioAction } from './studio-state';

/** The address's example to open: `/studio?example=<id>`, the galleries' "Try this" (issue #49). */
export const exampleParam = 'example';

/**
 * Opens the example the address names with its prompt (in the interface's language), model,
 * parameters and style, as "Reuse settings" opens a result; the examples' data loads only then.
 * The parameter is dropped from the address once applied, so a reload keeps what the person changed.
 */
export function useExampleHandoff(
  dispatch: (action: StudioAction) => void,
  chooseStyle: (id: string | undefined) => void,
) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get(exampleParam);
  useEffect(() => {
    if (asked === null) return;
    let active = true;
    // Dropped from the address once applied (not before: the change would end this effect and
    // lose the example while its data is still on the way).
    const forget = () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(exampleParam);
          return next;
        },
        { replace: true },
      );
    import('./example-data').then(
      ({ exampleById }) => {
        if (!active) return;
        const example = exampleById(asked);
        if (example) {
          const style = example.style;
          dispatch({
            type: 'reuse',
            settings: {
              model: example.model,
              prompt: example.prompt[currentLanguage()],
              parameters: example.parameters,
              translatePrompt: true,
              style,
            },
          });
          chooseStyle(style);
          window.scrollTo({ top: 0 });
        }
        forget();
      },
      (failure: unknown) => {
        console.warn(failure instanceof Error ? failure.message : failure);
        if (active) forget();
      },
    );
    return () => {
      active = false;
    };
  }, [asked, setSearch, dispatch, chooseStyle]);
}
