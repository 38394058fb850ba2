import type { AdminPersonDetail } from '@kadr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId } from 'react';
import { Link } from 'react-router';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { adminPaths } from '../admin-paths';
import { adminApi, adminKeys } from '../api';
import { formatDateTime, formatDelta, formatNumber } from '../format';
import { GenerationTable } from './generations';
import { PaymentTable } from './payments';
import { PersonKeys } from './person-keys';
import { fieldClasses, ReasonAction } from './reason-action';
import { BackLink, Facts, QueryState, Section, Table } from './states';

/** One person: balance and actions, then statement, generations, payments, identities, referrals, sessions. */
export function Person({ id }: { id: string }) {
  const query = useQuery({
    queryKey: adminKeys.person(id),
    queryFn: ({ signal }) => adminApi.person(id, signal),
  });
  const { t } = useTranslation('admin');
  return (
    <>
      <BackLink to={adminPaths.people} label={t('person.back')} />
      <QueryState query={query}>{(detail) => <PersonPage detail={detail} />}</QueryState>
    </>
  );
}

function PersonPage({ detail }: { detail: AdminPersonDetail }) {
  const { t } = useTranslation('admin');
  const language = currentLanguage();
  const ids = useId();
  const client = useQueryClient();
  const { person } = detail;
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.all });

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-fg">
            {person.name || person.email}
          </h1>
          <p className="mt-1 text-sm break-all text-fg-muted">
            {person.email} · {person.id}
          </p>
          <p className="mt-1 text-sm text-fg-muted">
            {t(`people.roles.${person.role}`)} ·{' '}
            {t('person.since', { date: formatDateTime(person.created, language) })}
          </p>
          {person.blocked_at ? (
            <p
              role="status"
              className="mt-2 inline-block rounded-lg bg-red-500/15 px-2 py-1 text-sm text-red-300"
            >
              {t('person.blockedSince', {
                date: formatDateTime(person.blocked_at, language),
                reason: person.blocked_reason ?? '',
              })}
            </p>
          ) : null}
        </div>
        <div className="text-right">
          <p className="text-xs text-fg-muted">{t('person.balance')}</p>
          <p className="text-3xl font-semibold text-fg tabular-nums" data-testid="person-balance">
            {formatNumber(person.tokens, language)}
          </p>
        </div>
      </header>

      <div className="flex flex-wrap items-start gap-2">
        <ReasonAction
          label={t('person.adjust.title')}
          submitLabel={t('person.adjust.submit')}
          variant="primary"
          fields={
            <div>
              <label htmlFor={`${ids}-delta`} className="mb-1 block text-sm text-fg">
                {t('person.adjust.delta')}
              </label>
              <input
                id={`${ids}-delta`}
                name="delta"
                type="number"
                step={1}
                required
                className={fieldClasses}
              />
            </div>
          }
          onSubmit={async (reason, form) => {
            const result = await adminApi.adjust(person.id, Number(form.get('delta')), reason);
            await refresh();
            return t('person.adjust.done', {
              balance: formatNumber(result.balance_after, language),
            });
          }}
        />
        <ReasonAction
          label={t('person.endSessions.title')}
          submitLabel={t('person.endSessions.submit')}
          onSubmit={async (reason) => {
            await adminApi.endSessions(person.id, reason);
            await refresh();
            return t('person.endSessions.done');
          }}
        />
        {person.blocked_at ? (
          <ReasonAction
            label={t('person.unblock.title')}
            submitLabel={t('person.unblock.submit')}
            onSubmit={async (reason) => {
              await adminApi.setBlocked(person.id, false, reason);
              await refresh();
              return t('person.unblock.done');
            }}
          />
        ) : (
          <ReasonAction
            label={t('person.block.title')}
            submitLabel={t('person.block.submit')}
            variant="danger"
            onSubmit={async (reason) => {
              await adminApi.setBlocked(person.id, true, reason);
              await refresh();
              return t('person.block.done');
            }}
          />
        )}
      </div>

      <Section title={t('person.statement')}>
        <Table
          label={t('person.statement')}
          head={[
            t('common.created'),
            t('person.operation'),
            t('person.amount'),
            t('person.balanceAfter'),
            t('person.note'),
          ]}
          rows={detail.statement.map((entry) => ({
            key: entry.id,
            cells: [
              formatDateTime(entry.created, language),
              t(`reasons.${entry.reason}`),
              <span
                key="delta"
                className={clsx('tabular-nums', entry.delta < 0 ? 'text-fg' : 'text-emerald-400')}
              >
                {formatDelta(entry.delta, language)}
              </span>,
              <span key="after" className="tabular-nums">
                {formatNumber(entry.balance_after, language)}
              </span>,
              entry.note ?? '',
            ],
          }))}
        />
      </Section>

      <Section title={t('person.generations')}>
        <GenerationTable items={detail.generations} showPerson={false} />
      </Section>

      <Section title={t('person.payments')}>
        <PaymentTable items={detail.payments} showPerson={false} />
      </Section>

      <PersonKeys personId={person.id} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('person.identities')}>
          <Table
            label={t('person.identities')}
            head={[t('person.provider'), t('people.email'), t('common.created')]}
            rows={detail.identities.map((identity) => ({
              key: `${identity.provider}-${identity.created}`,
              cells: [
                identity.provider,
                `${identity.email ?? '—'} (${identity.email_verified ? t('person.verified') : t('person.unverified')})`,
                formatDateTime(identity.created, language),
              ],
            }))}
          />
        </Section>
        <Section title={t('person.referrals')}>
          <Facts
            items={[
              {
                label: t('person.referredBy'),
                value: detail.referrals.referred_by ? (
                  <Link
                    to={adminPaths.person(detail.referrals.referred_by.id)}
                    className="text-accent-soft hover:underline"
                  >
                    {detail.referrals.referred_by.email}
                  </Link>
                ) : (
                  t('person.nobody')
                ),
              },
              {
                label: t('person.brought'),
                value:
                  detail.referrals.brought.length === 0 ? (
                    t('person.nobody')
                  ) : (
                    <ul className="space-y-1">
                      {detail.referrals.brought.map((friend) => (
                        <li key={friend.id}>
                          <Link
                            to={adminPaths.person(friend.id)}
                            className="text-accent-soft hover:underline"
                          >
                            {friend.email}
                          </Link>{' '}
                          <span className="text-fg-muted">
                            {formatDateTime(friend.created, language)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        </Section>
      </div>

      <Section title={t('person.sessions')}>
        <Table
          label={t('person.sessions')}
          head={[
            t('common.created'),
            t('person.lastSeen'),
            t('person.expires'),
            t('person.device'),
            t('person.ip'),
          ]}
          rows={detail.sessions.map((session) => ({
            key: `${session.created}-${session.last_seen}`,
            cells: [
              formatDateTime(session.created, language),
              formatDateTime(session.last_seen, language),
              formatDateTime(session.expires_at, language),
              <span key="ua" className="line-clamp-2 max-w-xs text-xs text-fg-muted">
                {session.user_agent ?? '—'}
              </span>,
              session.ip ?? '—',
            ],
          }))}
        />
      </Section>
    </div>
  );
}
