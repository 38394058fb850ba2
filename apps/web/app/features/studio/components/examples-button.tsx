import '~/locales/app-studio';
import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { onDemand } from '~/components/on-demand';
import { useTranslation } from '~/lib/use-translation';
import { exampleParam } from '../examples';
import type { ExamplesDialogProps } from './examples-dialog';

const ExamplesDialog = onDemand<ExamplesDialogProps>(
  () => import('./examples-dialog').then((module) => module.ExamplesDialog),
  (props) => props.open,
);

/** "Examples": the galleries' examples, each opened in the form as the public pages' "Try this". */
export function ExamplesButton() {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const [, setSearch] = useSearchParams();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void ExamplesDialog.preload()}
        aria-haspopup="dialog"
        data-examples-button
        className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-medium text-fg hover:border-accent/60"
      >
        <Lightbulb aria-hidden="true" className="size-4 text-accent-soft" />
        {t('studio.examples')}
      </button>
      <ExamplesDialog
        open={open}
        onOpenChange={setOpen}
        onTry={(id) =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              next.set(exampleParam, id);
              return next;
            },
            { replace: true },
          )
        }
      />
    </>
  );
}
