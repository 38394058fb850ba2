import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminPaths } from '../admin-paths';
import { adminApi, adminKeys } from '../api';
import { formatDate, formatNumber } from '../format';
import { fieldClasses } from './reason-action';
import { AdminHeader, QueryState, Table } from './states';

/** Search people by e-mail, name or id (`?q=`); newest first. */
export function People() {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const query = useQuery({
    queryKey: adminKeys.people(q),
    queryFn: ({ signal }) => adminApi.people(q, signal),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(value ? { q: value } : {});
  };

  return (
    <>
      <AdminHeader title={t('people.title')} description={t('people.description')} />
      <search className="mb-4 block max-w-xl">
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={`${ids}-q`} className="sr-only">
            {t('people.search')}
          </label>
          <input
            id={`${ids}-q`}
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            placeholder={t('people.search')}
            className={fieldClasses}
          />
          <Button type="submit" size="sm" className="h-auto">
            {t('people.searchButton')}
          </Button>
        </form>
      </search>
      <QueryState query={query}>
        {(people) => (
          <>
            <p className="mb-2 text-sm text-fg-muted" aria-live="polite">
              {t('people.found', { count: people.length })}
            </p>
            <Table
              label={t('people.title')}
              head={[
                t('people.email'),
                t('people.name'),
                t('people.balance'),
                t('people.role'),
                t('common.created'),
              ]}
              rows={people.map((person) => ({
                key: person.id,
                cells: [
                  <Link
                    key="email"
                    to={adminPaths.person(person.id)}
                    className="font-medium text-accent-soft hover:underline"
                  >
                    {person.email || person.id}
                  </Link>,
                  person.name,
                  <span key="tokens" className="tabular-nums">
                    {formatNumber(person.tokens, language)}
                  </span>,
                  t(`people.roles.${person.role}`),
                  formatDate(person.created, language),
                ],
              }))}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
