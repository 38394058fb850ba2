import '~/locales/app-studio';
import { promptImprovementTokens } from '@kadr/catalog';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { onDemand } from '~/components/on-demand';
import { useRefreshBalance } from '~/features/generations/hooks';
import { withTexts } from '~/lib/i18n';
import { useCurrentUser } from '~/lib/session';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import type { ImproveOutcome, ImprovePanelProps } from './improve-panel';

/** The call and its texts, fetched with the first press (issue #49: not in the first load). */
const loadImprove = () => withTexts(import('../improve'));

const ImprovePanel = onDemand<ImprovePanelProps>(
  () => import('./improve-panel').then((module) => module.ImprovePanel),
  (props) => props.outcome !== null,
);

/**
 * "Improve": the prompt rewritten by a language model for the model and style (ADR 050), for the
 * price on the button. The rewrite replaces the prompt in the box at once, with the person's own
 * beside it to go back to; nothing is generated until they press Generate.
 */
export function PromptImprover({
  prompt,
  model,
  style,
  onPrompt,
}: {
  prompt: string;
  model: string;
  style: string | null;
  onPrompt: (prompt: string) => void;
}) {
  const { t } = useTranslation('app');
  const user = useCurrentUser();
  const refreshBalance = useRefreshBalance();
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<ImproveOutcome | null>(null);
  const cost = promptImprovementTokens;
  const blank = prompt.trim() === '';
  const poor = user.tokens < cost;

  const improve = () => {
    if (working || blank) return;
    setWorking(true);
    const key = crypto.randomUUID();
    const before = prompt;
    loadImprove()
      .then((api) =>
        api.improvePrompt({ prompt: before, model, style }, key).then(
          (result) => {
            onPrompt(result.improved);
            setOutcome({ before, after: result.improved, undone: false, cost: result.cost });
          },
          (failure: unknown) => toast.error(api.improveFailureText(t, failure)),
        ),
      )
      .catch(() => toast.error(t('studio.loadFailed')))
      .finally(() => {
        setWorking(false);
        refreshBalance();
      });
  };

  // The panel speaks of the prompt as improved or as it was; edited since, it has nothing to undo.
  const current =
    outcome && (prompt === outcome.after || prompt === outcome.before) ? outcome : null;

  return (
    <>
      <button
        type="button"
        onClick={improve}
        onPointerEnter={() => void loadImprove().catch(() => {})}
        disabled={working || blank || poor}
        aria-busy={working || undefined}
        title={poor ? t('studio.improve.poor', { count: cost }) : t('studio.improve.hint')}
        data-improve
        className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-medium text-fg hover:border-accent/60 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Sparkles aria-hidden="true" className="size-4 text-accent-soft" />
        {working ? t('studio.improve.working') : t('studio.improve.button')}
        <span className="rounded-md bg-line/60 px-1.5 py-0.5 text-xs text-fg-muted tabular-nums">
          {t('studio.improve.cost', { count: cost })}
        </span>
      </button>
      <ImprovePanel
        outcome={current}
        onUndo={() => {
          if (!current) return;
          onPrompt(current.before);
          setOutcome({ ...current, undone: true });
        }}
        onRedo={() => {
          if (!current) return;
          onPrompt(current.after);
          setOutcome({ ...current, undone: false });
        }}
        onClose={() => setOutcome(null)}
      />
    </>
  );
}
