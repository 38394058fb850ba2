import '~/locales/app-studio';
import { LoaderCircle, Wand2 } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { TopUpLink } from '~/features/generations/run/components/top-up-link';
import { useTranslation } from '~/lib/use-translation';
import type { GenerateState } from '../generate-state';

/** The submit button: the estimated cost on it, or why it cannot be pressed. */
export function GenerateButton({ state }: { state: GenerateState }) {
  const { t } = useTranslation('app');
  const disabled = state.kind !== 'ready';
  let label: string;
  if (state.kind === 'starting') label = t('studio.starting');
  else if (state.kind === 'not-enough') label = t('studio.notEnough', { count: state.required });
  else if (state.cost !== null && state.cost > 0)
    label = t('studio.generate', { count: state.cost });
  else label = t('studio.generatePlain');

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button
        type="submit"
        size="lg"
        disabled={disabled}
        aria-busy={state.kind === 'starting' || state.kind === 'uploading' ? true : undefined}
        data-state={state.kind}
        className="w-full sm:flex-1 whitespace-normal text-center"
      >
        {state.kind === 'starting' || state.kind === 'uploading' ? (
          <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
        ) : (
          <Wand2 aria-hidden="true" />
        )}
        {label}
      </Button>
      {state.kind === 'not-enough' ? <TopUpLink /> : null}
    </div>
  );
}
