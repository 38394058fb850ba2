import '~/locales/app';
import '~/locales/app-studio';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { isStudioHandoff } from '~/features/generations/handoff';
import { useActiveGenerations } from '~/features/studio/active-generations';
import { useCharacterHandoff } from '~/features/studio/characters';
import { ActiveGenerations } from '~/features/studio/components/active-generations';
import { StudioForm } from '~/features/studio/components/studio-form';
import { useExampleHandoff } from '~/features/studio/examples';
import { initialStudioState, studioReducer } from '~/features/studio/studio-state';
import { useStyleHandoff } from '~/features/studio/styles';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/studio';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('studio', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

export default function StudioPage() {
  const { t } = useTranslation('app');
  const [state, dispatch] = useReducer(studioReducer, undefined, initialStudioState);
  const active = useActiveGenerations();
  const panels = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // On a phone the panels sit below the form: bring the new one into view. On a wider screen they
  // are a column that stays in view beside the form (sticky, scrolling on its own when long), and
  // the new panel is at its top.
  const { add } = active;
  const onStarted = useCallback(
    (item: Parameters<typeof add>[0]) => {
      add(item);
      const column = panels.current;
      if (!column) return;
      const scroll = () => {
        if (window.matchMedia('(max-width: 1023px)').matches) {
          column.scrollIntoView({ block: 'start' });
        } else {
          column.scrollTo({ top: 0 });
          if (column.getBoundingClientRect().top < 0) column.scrollIntoView({ block: 'start' });
        }
      };
      // The panel's code may still be on its way (it loads on demand): scroll once the panel is
      // there, so the page is tall enough to bring it up.
      const shown = () => column.querySelector(`[data-generation="${CSS.escape(item.id)}"]`);
      if (shown()) {
        requestAnimationFrame(scroll);
        return;
      }
      const watch = new MutationObserver(() => {
        if (!shown()) return;
        watch.disconnect();
        requestAnimationFrame(scroll);
      });
      watch.observe(column, { childList: true, subtree: true });
      setTimeout(() => watch.disconnect(), 10_000);
    },
    [add],
  );
  const navigate = useNavigate();
  // A trained character asked for by the address (`?character=<id>`, the library's "Generate
  // with…") or by a reuse of a result made with one: chosen once the library's list has it.
  const { take } = useCharacterHandoff(dispatch);
  // A reused result's style, and an example's (`?example=<id>`, the galleries' "Try this"):
  // chosen once the styles' data is in (issue #49).
  const chooseStyle = useStyleHandoff(dispatch);
  useExampleHandoff(dispatch, chooseStyle);

  // 'Reuse settings' and 'Animate' (from history or a panel) arrive as navigation state; it is
  // applied once and cleared, so a reload does not apply it again.
  useEffect(() => {
    const handoff: unknown = location.state;
    if (!isStudioHandoff(handoff)) return;
    if (handoff.kind === 'animate') dispatch({ type: 'animate', imageUrl: handoff.imageUrl });
    else if (handoff.kind === 'extend') dispatch({ type: 'extend', clip: handoff.clip });
    else {
      if (!take(handoff.settings)) dispatch({ type: 'reuse', settings: handoff.settings });
      chooseStyle(handoff.settings.style);
    }
    void navigate(location.pathname, { replace: true, state: null });
    window.scrollTo({ top: 0 });
  }, [location.state, location.pathname, navigate, take, chooseStyle]);

  return (
    <>
      <PageHeader title={t('studio.title')} description={t('studio.description')} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <StudioForm state={state} dispatch={dispatch} onStarted={onStarted} />
        </div>
        <div
          ref={panels}
          className="min-w-0 scroll-mt-20 lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain lg:pr-1"
        >
          <ActiveGenerations
            items={active.items}
            onSettled={active.markSettled}
            onDismiss={active.dismiss}
          />
        </div>
      </div>
    </>
  );
}
