import '~/locales/app';
import '~/locales/app-keys';
import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

/** A secret to copy: its label, the value in a read-only field, a hint, and a copy button. */
export function CopyField({
  label,
  hint,
  value,
  copyLabel,
}: {
  label: string;
  hint?: string;
  value: string;
  copyLabel: string;
}) {
  const { t } = useTranslation('app');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('keys.created.copied'));
    } catch (error) {
      // No clipboard (an insecure page, a denied permission): leave it selected to copy by hand.
      console.warn('Copying failed', error);
      input.current?.focus();
      input.current?.select();
      toast.error(t('keys.created.copyFailed'));
    }
  };
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          value={value}
          readOnly
          spellCheck={false}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-xl border border-line bg-surface px-3 font-mono text-sm text-fg"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {copyLabel}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
