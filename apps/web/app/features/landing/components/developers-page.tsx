import '~/locales/developers';
import '~/locales/landing';
import { modelCosts, toolCosts } from '@kadr/catalog';
import {
  type ApiProblemCode,
  apiProblemCodes,
  paths,
  type WebhookEventType,
  webhookEventTypes,
} from '@kadr/contract';
import { ArrowRight, Code, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { siteUrl, supportUrl } from '~/lib/env';
import { usePageLanguage } from '~/lib/static-page';
import { Trans, useTranslation } from '~/lib/use-translation';
import { type DeveloperExampleId, developerExamples } from '../developer-examples';
import { useModelRates } from './prices-section';
import { useToolRate } from './tool-prices';

/** The status each problem code answers with (typed by the contract: a new code fails the build). */
const problemStatus = {
  invalid_request: '400',
  unauthorized: '401',
  forbidden: '403',
  account_blocked: '403',
  not_found: '404',
  insufficient_tokens: '402',
  spend_limit_daily: '402',
  spend_limit_monthly: '402',
  model_off: '409',
  idempotency_key_reused: '409',
  idempotency_key_in_progress: '409',
  conflict: '409',
  too_large: '413',
  unsupported_media_type: '415',
  rate_limited: '429',
  too_many_running: '429',
  server_error: '5xx',
  unavailable: '503',
} as const satisfies Record<ApiProblemCode, string>;

const eventText = {
  'generation.completed': 'webhooks.events.completed',
  'generation.failed': 'webhooks.events.failed',
  'generation.refunded': 'webhooks.events.refunded',
} as const satisfies Record<WebhookEventType, string>;

const sectionIds = [
  'what',
  'key',
  'quick-start',
  'typescript',
  'prices',
  'limits',
  'webhooks',
  'errors',
  'stability',
] as const;
type SectionId = (typeof sectionIds)[number];

const sectionTitleKey = {
  what: 'what.title',
  key: 'key.title',
  'quick-start': 'quickStart.title',
  typescript: 'typescript.title',
  prices: 'prices.title',
  limits: 'limits.title',
  webhooks: 'webhooks.title',
  errors: 'errors.title',
  stability: 'stability.title',
} as const satisfies Record<SectionId, string>;

const whatItems = ['models', 'estimate', 'create', 'files', 'balance', 'webhooks'] as const;
const keySteps = ['open', 'create', 'use'] as const;
const curlSteps = [
  'curlEstimate',
  'curlCreate',
  'curlRead',
  'curlDownload',
  'curlBalance',
] as const satisfies readonly DeveloperExampleId[];
const limitItems = ['rate', 'spend', 'running', 'balance', 'models', 'cors'] as const;
const mayChange = ['endpoints', 'fields', 'codes', 'catalogue', 'texts'] as const;
const needsV2 = ['remove', 'type', 'required', 'guarantees'] as const;

const examples = developerExamples({ origin: siteUrl, receiverPort: 8080 });

const inlineCode = 'rounded bg-surface-raised px-1.5 py-0.5 font-mono text-[0.85em] text-fg';

function Section({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-20 border-t border-line/60 py-14 sm:py-16"
    >
      <h2 id={`${id}-title`} className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A code example: scrolls sideways on its own (never the page), reachable by keyboard. */
function Example({ id }: { id: DeveloperExampleId }) {
  const example = examples[id];
  return (
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
      data-example={id}
      data-language={example.language}
      className="mt-3 max-w-full overflow-x-auto rounded-xl border border-line bg-surface-raised/70 p-4 font-mono text-[0.8rem] leading-relaxed text-fg"
    >
      <code>{example.code}</code>
    </pre>
  );
}

/**
 * The developers' page (`/developers`, `/en/developers`): what the API does, how to get a key, the
 * examples (made in `developer-examples.ts`, run by a server test), prices from the catalogue,
 * limits, webhooks, errors and the stability rules. Prerendered, no client JavaScript (ADR 007).
 */
export function DevelopersPage() {
  const { t } = useTranslation('developers');
  const language = usePageLanguage();
  const modelRates = useModelRates();
  const toolRate = useToolRate();
  return (
    <article className="mx-auto max-w-4xl px-4 sm:px-6">
      <header className="py-14 sm:py-20">
        <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-raised/70 px-3 py-1 text-sm text-fg-muted">
          <Code aria-hidden="true" className="size-4 text-accent-soft" />
          {t('hero.badge')}
        </p>
        <h1 className="mt-6 text-[2rem] font-semibold tracking-tight text-balance break-words text-fg min-[400px]:text-4xl sm:text-5xl">
          {t('hero.title')}{' '}
          <span className="bg-linear-to-r from-violet-300 to-fuchsia-300 bg-clip-text text-transparent">
            {t('hero.titleHighlight')}
          </span>
        </h1>
        <p className="mt-6 max-w-3xl text-lg text-pretty text-fg-muted">{t('hero.subtitle')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a href={paths.profile} className={buttonClasses({ size: 'lg' })}>
            {t('hero.getKey')}
            <ArrowRight aria-hidden="true" />
          </a>
          <a href="#quick-start" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t('hero.quickStart')}
          </a>
        </div>
        <nav
          aria-labelledby="developers-contents"
          className="mt-10 rounded-2xl border border-line bg-surface-raised/40 p-6"
        >
          <h2 id="developers-contents" className="text-sm font-semibold text-fg">
            {t('contents')}
          </h2>
          <ol className="mt-3 list-decimal gap-x-10 pl-6 text-sm text-fg-muted marker:text-fg-muted sm:columns-3">
            {sectionIds.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className="inline-block py-1 hover:text-fg">
                  {t(sectionTitleKey[id])}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>

      <Section id="what" title={t('what.title')}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {whatItems.map((item) => (
            <li key={item} className="rounded-2xl border border-line bg-surface-raised/60 p-5">
              <h3 className="font-semibold text-fg">{t(`what.items.${item}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">
                {t(`what.items.${item}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="key" title={t('key.title')}>
        <ol className="mt-6 list-decimal space-y-3 pl-6 leading-relaxed text-fg-muted marker:text-accent-soft">
          {keySteps.map((step) => (
            <li key={step}>{t(`key.steps.${step}`)}</li>
          ))}
        </ol>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('key.revoke')}</p>
        <a
          href={paths.profile}
          className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}
        >
          {t('key.action')}
          <ArrowRight aria-hidden="true" />
        </a>
      </Section>

      <Section id="quick-start" title={t('quickStart.title')}>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('quickStart.intro')}</p>
        <ol className="mt-6 list-decimal space-y-6 pl-6 text-fg-muted marker:text-accent-soft">
          {curlSteps.map((step) => (
            <li key={step} className="min-w-0">
              <p className="leading-relaxed">{t(`quickStart.steps.${step}`)}</p>
              <Example id={step} />
            </li>
          ))}
        </ol>
      </Section>

      <Section id="typescript" title={t('typescript.title')}>
        <p className="mt-4 leading-relaxed text-fg-muted">
          <Trans
            text={t('typescript.intro')}
            components={{ code: <code className={inlineCode} /> }}
          />
        </p>
        <p className="mt-6 leading-relaxed text-fg-muted">{t('typescript.quickStart')}</p>
        <Example id="typescriptQuickStart" />
        <p className="mt-4 leading-relaxed text-fg-muted">{t('typescript.errors')}</p>
      </Section>

      <Section id="prices" title={t('prices.title')}>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('prices.intro')}</p>
        {(
          [
            [
              'models',
              [...modelCosts('image'), ...modelCosts('video')].map((card) => ({
                id: card.id,
                name: card.name,
                price: modelRates(card).join(' · '),
              })),
            ],
            [
              'tools',
              toolCosts().map((card) => ({
                id: card.id,
                name: card.title[language],
                price: toolRate(card.rate),
              })),
            ],
          ] as const
        ).map(([group, rows]) => (
          <div key={group} className="mt-8">
            <h3 id={`prices-${group}`} className="font-semibold text-fg">
              {t(`prices.${group}`)}
            </h3>
            <table
              aria-labelledby={`prices-${group}`}
              className="mt-3 w-full border-collapse text-left text-sm"
            >
              <thead className="text-fg-muted">
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('prices.name')}
                  </th>
                  <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                    {t('prices.id')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('prices.price')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    data-price={row.id}
                    className="border-b border-line/60 align-top"
                  >
                    <th scope="row" className="py-2 pr-4 font-medium text-fg">
                      {row.name}
                      {/* On a phone the id goes under the name: a column of its own is too narrow. */}
                      <code className={`${inlineCode} mt-1 block w-fit font-normal sm:hidden`}>
                        {row.id}
                      </code>
                    </th>
                    <td className="hidden py-2 pr-4 sm:table-cell">
                      <code className={inlineCode}>{row.id}</code>
                    </td>
                    <td className="py-2 text-accent-soft">{row.price}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </Section>

      <Section id="limits" title={t('limits.title')}>
        <ul className="mt-6 list-disc space-y-3 pl-5 leading-relaxed text-fg-muted marker:text-accent-soft">
          {limitItems.map((item) => (
            <li key={item}>{t(`limits.items.${item}`)}</li>
          ))}
        </ul>
      </Section>

      <Section id="webhooks" title={t('webhooks.title')}>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('webhooks.intro')}</p>
        <dl className="mt-4 space-y-2 text-sm leading-relaxed">
          {webhookEventTypes.map((type) => (
            <div key={type} className="flex flex-col gap-x-3 sm:flex-row">
              <dt>
                <code className={inlineCode}>{type}</code>
              </dt>
              <dd className="text-fg-muted">{t(eventText[type])}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('webhooks.signature')}</p>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('webhooks.retries')}</p>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('webhooks.private')}</p>
        <p className="mt-6 leading-relaxed text-fg-muted">{t('webhooks.verify')}</p>
        <Example id="typescriptWebhook" />
      </Section>

      <Section id="errors" title={t('errors.title')}>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('errors.intro')}</p>
        <dl className="mt-6 divide-y divide-line/60 border-y border-line/60 text-sm">
          {apiProblemCodes.map((code) => (
            <div
              key={code}
              data-problem={code}
              className="py-3 sm:grid sm:grid-cols-[19rem_1fr] sm:gap-4"
            >
              <dt className="flex items-baseline justify-between gap-3 sm:justify-start">
                <code className={inlineCode}>{code}</code>
                <span className="text-fg">
                  <span className="sr-only">{t('errors.status')} </span>
                  {problemStatus[code]}
                </span>
              </dt>
              <dd className="mt-1 text-fg-muted sm:mt-0">{t(`errors.codes.${code}`)}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="stability" title={t('stability.title')}>
        <p className="mt-4 leading-relaxed text-fg-muted">{t('stability.intro')}</p>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {[
            {
              group: 'may',
              title: t('stability.may.title'),
              items: mayChange.map((item) => t(`stability.may.items.${item}`)),
            },
            {
              group: 'v2',
              title: t('stability.v2.title'),
              items: needsV2.map((item) => t(`stability.v2.items.${item}`)),
            },
          ].map(({ group, title, items }) => (
            <section
              key={group}
              aria-labelledby={`stability-${group}`}
              className="rounded-2xl border border-line bg-surface-raised/60 p-5"
            >
              <h3 id={`stability-${group}`} className="font-semibold text-fg">
                {title}
              </h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed text-fg-muted marker:text-accent-soft">
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="mt-10">
          <h3 className="font-semibold text-fg">{t('reference.title')}</h3>
          <p className="mt-2 leading-relaxed text-fg-muted">
            {t('reference.openapi')}{' '}
            <a
              href="/api/v1/openapi.json"
              className="font-medium break-all text-accent-soft underline-offset-4 hover:underline"
            >
              /api/v1/openapi.json
            </a>
          </p>
          <a
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-1 font-medium text-accent-soft underline-offset-4 hover:underline"
          >
            {t('reference.support')}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </div>
      </Section>
      <div className="pb-16" />
    </article>
  );
}
