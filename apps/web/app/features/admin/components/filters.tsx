import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';
import { fieldClasses } from './reason-action';

export interface FilterField {
  name: string;
  label: string;
  /** A select's options (value and label); a text or date input otherwise. */
  options?: { value: string; label: string }[];
  type?: 'text' | 'date';
}

/**
 * A list's filters, kept in the address (`?status=failed&page=2`), so a filtered view can be
 * shared and survives a reload. Applying one starts again at page 1.
 */
export function useFilters(names: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const values: Record<string, string | undefined> = {};
  for (const name of names) values[name] = params.get(name) ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  return {
    values,
    page,
    apply(next: Record<string, string>) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) if (value) search.set(key, value);
      setParams(search);
    },
    goTo(target: number) {
      const search = new URLSearchParams(params);
      search.set('page', String(target));
      setParams(search);
    },
  };
}

export function FilterForm({
  fields,
  values,
  onApply,
}: {
  fields: FilterField[];
  values: Record<string, string | undefined>;
  onApply: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('admin');
  const ids = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(
      Object.fromEntries(
        fields.map((field) => [field.name, String(form.get(field.name) ?? '').trim()]),
      ),
    );
  };
  return (
    <form
      onSubmit={submit}
      key={JSON.stringify(values)}
      className="mb-4 grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      {fields.map((field) => {
        const id = `${ids}-${field.name}`;
        let input: ReactNode;
        if (field.options) {
          input = (
            <select
              id={id}
              name={field.name}
              defaultValue={values[field.name] ?? ''}
              className={fieldClasses}
            >
              <option value="">{t('common.all')}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        } else {
          input = (
            <input
              id={id}
              name={field.name}
              type={field.type ?? 'text'}
              defaultValue={values[field.name] ?? ''}
              className={fieldClasses}
            />
          );
        }
        return (
          <div key={field.name} className="min-w-0">
            <label htmlFor={id} className="mb-1 block text-xs text-fg-muted">
              {field.label}
            </label>
            {input}
          </div>
        );
      })}
      <div className="flex items-end gap-2">
        <Button type="submit" size="sm">
          {t('common.apply')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onApply({})}>
          {t('common.reset')}
        </Button>
      </div>
    </form>
  );
}

/** Previous / next under a list that has more. */
export function Pager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={t('common.page', { page })} className="mt-4 flex items-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span className="text-sm text-fg-muted">{t('common.page', { page })}</span>
      <Button variant="secondary" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}
