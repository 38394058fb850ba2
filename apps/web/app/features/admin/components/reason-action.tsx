import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button, type ButtonVariant } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

const fieldClasses =
  'w-full rounded-lg border border-line bg-surface-raised px-3 py-2 text-sm text-fg placeholder:text-fg-muted focus:outline-2 focus:outline-accent-soft';

/**
 * An operator action that needs a reason: a button that opens a small form (the reason, and any
 * fields of its own), sent once confirmed; the answer is a toast, and the form closes on success.
 */
export function ReasonAction({
  label,
  submitLabel,
  variant = 'secondary',
  fields,
  disabled,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  variant?: ButtonVariant;
  /** Extra inputs (named), read from the form on submit. */
  fields?: ReactNode;
  disabled?: boolean;
  /** Does the action; answers the message to show. */
  onSubmit: (reason: string, form: FormData) => Promise<string>;
}) {
  const { t } = useTranslation('admin');
  const ids = useId();
  const [open, setOpen] = useState(false);
  const action = useMutation({
    mutationFn: ({ reason, form }: { reason: string; form: FormData }) => onSubmit(reason, form),
    onSuccess: (message) => {
      toast.success(message);
      setOpen(false);
    },
    onError: (error) => toast.error(t('common.actionFailed', { message: error.message })),
  });

  if (!open) {
    return (
      <Button variant={variant} size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    action.mutate({ reason: String(form.get('reason') ?? '').trim(), form });
  };

  return (
    <form
      onSubmit={submit}
      aria-label={label}
      className="w-full space-y-3 rounded-xl border border-line bg-surface-raised/50 p-3 sm:max-w-md"
    >
      <p className="text-sm font-medium text-fg">{label}</p>
      {fields}
      <div>
        <label htmlFor={`${ids}-reason`} className="mb-1 block text-sm text-fg">
          {t('common.reason')}
        </label>
        <textarea
          id={`${ids}-reason`}
          name="reason"
          required
          minLength={3}
          maxLength={500}
          rows={2}
          aria-describedby={`${ids}-hint`}
          className={fieldClasses}
        />
        <p id={`${ids}-hint`} className="mt-1 text-xs text-fg-muted">
          {t('common.reasonHint')}
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant={variant} size="sm" disabled={action.isPending}>
          {submitLabel}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

export { fieldClasses };
