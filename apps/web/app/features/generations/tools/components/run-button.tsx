import '~/locales/app-studio';
import '~/locales/app-tools';
import { LoaderCircle, WandSparkles } from 'lucide-react';
import { Button, type ButtonSize, type ButtonVariant } from '~/components/ui/button';
import { TopUpLink } from '~/features/generations/run/components/top-up-link';
import { useTranslation } from '~/lib/use-translation';

/** Why the run button is what it is: its cost first, or why it cannot run yet. */
export type RunState =
  | { kind: 'ready'; cost: number | null }
  | { kind: 'blocked'; cost: number | null; reason: string }
  | { kind: 'preparing' }
  | { kind: 'starting' }
  | { kind: 'not-enough'; required: number };

export function runState({
  cost,
  balance,
  blocked,
  preparing,
  starting,
}: {
  cost: number | null;
  balance: number;
  blocked: string | null;
  preparing: boolean;
  starting: boolean;
}): RunState {
  if (preparing) return { kind: 'preparing' };
  if (starting) return { kind: 'starting' };
  if (blocked !== null) return { kind: 'blocked', cost, reason: blocked };
  if (cost !== null && cost > 0 && balance < cost) return { kind: 'not-enough', required: cost };
  return { kind: 'ready', cost };
}

/**
 * The tool's button: "Upscale · 4 credits", or what is missing; the top-up beside it. The tools
 * page's is large and primary; a step among others (the card workshop's) may be smaller or
 * secondary (a run again).
 */
export function RunButton({
  title,
  state,
  size = 'lg',
  variant = 'primary',
}: {
  title: string;
  state: RunState;
  size?: ButtonSize;
  variant?: ButtonVariant;
}) {
  const { t } = useTranslation('app');
  let label: string;
  if (state.kind === 'starting') label = t('tools.run.starting');
  else if (state.kind === 'preparing') label = t('tools.run.preparing');
  else if (state.kind === 'not-enough') label = t('studio.notEnough', { count: state.required });
  else if (state.cost !== null && state.cost > 0)
    label = t('tools.run.label', { title, count: state.cost });
  else label = title;
  const busy = state.kind === 'starting' || state.kind === 'preparing';
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="submit"
          size={size}
          variant={variant}
          // A blocked button stays pressable: pressing says why (and where) it cannot run yet.
          disabled={busy || state.kind === 'not-enough'}
          aria-busy={busy ? true : undefined}
          data-state={state.kind}
          data-cost={state.kind === 'ready' || state.kind === 'blocked' ? (state.cost ?? '') : ''}
          // A long label (a narrow column, a long language) wraps onto a taller button.
          className="h-auto min-h-11 w-full py-2 whitespace-normal! text-center sm:flex-1"
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <WandSparkles aria-hidden="true" />
          )}
          {label}
        </Button>
        {state.kind === 'not-enough' ? <TopUpLink /> : null}
      </div>
      {state.kind === 'blocked' && state.reason !== title ? (
        <p className="text-sm text-fg-muted" data-run-blocked="">
          {state.reason}
        </p>
      ) : null}
    </div>
  );
}
