import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import enAdmin from '../../apps/web/app/locales/en/admin.json' with { type: 'json' };
import ruAdmin from '../../apps/web/app/locales/ru/admin.json' with { type: 'json' };
import ruCommon from '../../apps/web/app/locales/ru/common.json' with { type: 'json' };
import { appTexts, fill, plural, useLanguage } from './app-texts.ts';
import { expect, test } from './fixtures.ts';
import { appOrigin } from './origin.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

/**
 * The operator console as a new operator meets it: made an operator from the command line, they
 * sign in, find a person, adjust their balance (the person's open tab moves live, their statement
 * and the audit log show it), switch a model off (gone from the studio, creates refused) and on,
 * and refund a completed generation once.
 */

const run = promisify(execFile);
const e2eDir = fileURLToPath(new URL('..', import.meta.url));
const welcome = 100;
const ru = ruAdmin;

/** `npm run admin -- grant <email>` against the test server's own embedded database. */
async function grant(email: string): Promise<string> {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const { stdout } = await run(
    process.execPath,
    ['../apps/server/src/admin-cli.ts', 'grant', email],
    {
      cwd: e2eDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: './.tmp/e2e',
        EMBEDDED_PG_PORT: String(port + 50_000),
        LOG_LEVEL: 'silent',
      },
    },
  );
  return stdout.trim();
}

function profileBalance(page: Page, tokens: number): Locator {
  return page
    .locator('main')
    .getByText(plural('ru', appTexts.ru.user, 'credits', tokens), { exact: true })
    .first();
}

/** Opens a reason form by its button, fills it (and its own fields) and submits it. */
async function act(
  page: Page,
  label: string,
  submit: string,
  reason: string,
  fields: Record<string, string> = {},
) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const form = page.getByRole('form', { name: label });
  for (const [field, value] of Object.entries(fields)) {
    await form.getByLabel(field).fill(value);
  }
  await form.getByLabel(ru.common.reason).fill(reason);
  await form.getByRole('button', { name: submit, exact: true }).click();
}

async function completedGeneration(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/create-image', {
    data: { model: 'seedream-3', prompt: 'A lighthouse in a storm' },
    headers: { origin: appOrigin },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = (await created.json()).request_id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/generations/${id}`)).json()).status, {
      timeout: 20_000,
    })
    .toBe('completed');
  return id;
}

// The console's HTML answers 404 like any unknown page (and its API, to anyone else), which
// Chromium logs.
test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

// @alone: it switches a model off for everyone (playwright.config.ts).
test(
  'a new operator: find a person, adjust, switch a model off, refund a generation once',
  { tag: '@alone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const shot = (name: string) => testInfo.outputPath(`${name}.png`);

    // The person, with their profile open in their own browser.
    const personContext = await browser.newContext({ baseURL });
    const personPage = await personContext.newPage();
    await useLanguage(personPage, 'ru');
    const person = await demoSignIn(personPage.request, {
      name: 'Anna Petrova',
      email: uniqueEmail('anna'),
    });
    const generationId = await completedGeneration(personPage.request);
    const { cost } = await (
      await personPage.request.get(`/api/generations/${generationId}`)
    ).json();

    // An ordinary account finds no console.
    await personPage.goto('/admin');
    await expect(personPage.getByRole('heading', { name: ruCommon.notFound.title })).toBeVisible();
    await expect(personPage.getByText(ru.nav.audit)).toHaveCount(0);

    await personPage.goto('/profile');
    await expect(profileBalance(personPage, welcome - cost)).toBeVisible();

    // The operator: signed up, made an operator from the command line, signs in again.
    const email = uniqueEmail('operator');
    await useLanguage(page, 'ru');
    await demoSignIn(page.request, { name: 'Olga Operator', email });
    expect(await grant(email)).toBe(
      `${email} is now an operator; their sessions were ended, so they sign in again.`,
    );
    await demoSignIn(page.request, { name: 'Olga Operator', email });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: ru.overview.title })).toBeVisible();
    // The model service's health first (issue #38): it has just answered for the generation above.
    const provider = page.getByRole('region', { name: ru.overview.provider.title });
    await expect(provider.getByText(ru.overview.provider.status.ok, { exact: true })).toBeVisible();
    await expect(provider).toContainText(ru.overview.provider.noFailures);
    await page.screenshot({ path: shot('overview'), fullPage: true });

    // Find the person by e-mail and open them.
    await page.getByRole('link', { name: ru.nav.people }).click();
    await page.getByLabel(ru.people.search).fill(person.email);
    await page.getByRole('button', { name: ru.people.searchButton }).click();
    await page.getByRole('link', { name: person.email }).click();
    await expect(page.getByRole('heading', { name: 'Anna Petrova' })).toBeVisible();
    await expect(page.getByTestId('person-balance')).toHaveText(String(welcome - cost));

    // +50 with a reason: their open tab moves live, their statement shows it.
    await act(page, ru.person.adjust.title, ru.person.adjust.submit, 'Компенсация за сбой', {
      [ru.person.adjust.delta]: '50',
    });
    await expect(
      page.getByText(fill(ru.person.adjust.done, { balance: welcome - cost + 50 })),
    ).toBeVisible();
    await expect(page.getByTestId('person-balance')).toHaveText(String(welcome - cost + 50));
    await expect(profileBalance(personPage, welcome - cost + 50)).toBeVisible();
    const statement = personPage.locator('table[data-statement] tbody tr').first();
    await expect(statement).toHaveAttribute('data-reason', 'adjustment');
    await expect(statement).toContainText('+50');
    await page.screenshot({ path: shot('person'), fullPage: true });

    // The audit log says who did it, and why.
    await page.getByRole('link', { name: ru.nav.audit }).click();
    const adjusted = page.getByRole('row').filter({ hasText: ru.audit.actions['balance-adjust'] });
    await expect(adjusted.first()).toContainText(email);
    await expect(adjusted.first()).toContainText('Компенсация за сбой');

    // Switch Imagen 4 Ultra off: the studio no longer offers it and a create for it is refused.
    await page.getByRole('link', { name: ru.nav.models }).click();
    const imagen = page.getByRole('listitem', { name: 'Imagen 4 Ultra' });
    try {
      await imagen.getByRole('button', { name: ru.models.switchOff }).click();
      await imagen.getByLabel(ru.common.reason).fill('Провайдер отвечает ошибками');
      await imagen
        .getByRole('form')
        .getByRole('button', { name: ru.models.switchOff, exact: true })
        .click();
      await expect(imagen).toContainText(ru.models.off);
      await page.screenshot({ path: shot('models') });

      await personPage.goto('/studio');
      await expect(personPage.getByRole('radio', { name: /^Seedream 3/ })).toBeVisible();
      await expect(personPage.getByRole('radio', { name: /^Imagen 4 Ultra/ })).toHaveCount(0);
      for (const [language, message] of [
        ['ru', 'Модель Imagen 4 Ultra временно недоступна. Выберите другую модель.'],
        ['en', 'Imagen 4 Ultra is unavailable for now. Please choose another model.'],
      ]) {
        const refused = await personPage.request.post('/api/create-image', {
          data: { model: 'imagen-4-ultra', prompt: 'A fox' },
          headers: { origin: appOrigin, 'accept-language': language as string },
        });
        expect(refused.status()).toBe(409);
        expect((await refused.json()).detail).toBe(message);
      }
    } finally {
      // Back on for every other spec, whatever happened above.
      const on = await page.request.put('/api/admin/models/imagen-4-ultra', {
        data: { enabled: true, reason: 'Конец проверки' },
        headers: { origin: appOrigin },
      });
      expect(on.status()).toBe(200);
    }

    // Refund the completed generation once (the person's open profile moves live); a second refund
    // is refused.
    await personPage.goto('/profile');
    await expect(profileBalance(personPage, welcome - cost + 50)).toBeVisible();
    await page.goto(
      `/admin/generations?person=${encodeURIComponent(person.email)}&status=completed`,
    );
    await page.getByRole('link', { name: /\d/ }).first().click();
    await expect(page.getByText(generationId)).toBeVisible();
    await act(page, ru.generation.refund.title, ru.generation.refund.submit, 'Размытый результат');
    await expect(page.getByText(ru.generation.refund.done)).toBeVisible();
    await expect(page.getByText(ru.generation.refund.already)).toBeVisible();
    await expect(profileBalance(personPage, welcome + 50)).toBeVisible();
    const again = await page.request.post(`/api/admin/generations/${generationId}/refund`, {
      data: { reason: 'Ещё раз' },
      headers: { origin: appOrigin },
    });
    expect(again.status()).toBe(409);
    const me = await (await personPage.request.get('/api/me')).json();
    expect(me.tokens).toBe(welcome + 50);

    // The console in English too.
    await page.getByRole('button', { name: ruCommon.language.en }).click();
    await expect(page.getByRole('link', { name: enAdmin.nav.audit })).toBeVisible();
    await page.getByRole('link', { name: enAdmin.nav.audit }).click();
    await expect(page.getByRole('heading', { name: enAdmin.audit.title })).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: enAdmin.audit.actions['generation-refund'] }).first(),
    ).toContainText('Размытый результат');
    await page.screenshot({ path: shot('audit-en'), fullPage: true });
    await personContext.close();
  },
);

// Not @alone: revoking one person's key touches no one else.
test('an operator sees a person’s API keys with their requests, and revokes one with a reason', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const keys = ru.person.keys;

  // The person makes a key and uses it once from code.
  const personContext = await browser.newContext({ baseURL });
  const person = await demoSignIn(personContext.request, {
    name: 'Ivan Keys',
    email: uniqueEmail('ivan'),
  });
  const made = await personContext.request.post('/api/keys', {
    headers: { origin: appOrigin },
    data: { name: 'Интеграция', daily_limit: 300 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { key, secret } = (await made.json()) as { key: { prefix: string }; secret: string };
  const bearer = { authorization: `Bearer ${secret}` };
  expect((await fetch(`${appOrigin}/api/v1/balance`, { headers: bearer })).status).toBe(200);

  // The operator opens the person and finds the key, its spend and its requests per day.
  const email = uniqueEmail('operator-keys');
  await useLanguage(page, 'ru');
  await demoSignIn(page.request, { name: 'Oleg Operator', email });
  await grant(email);
  await demoSignIn(page.request, { name: 'Oleg Operator', email });
  await page.goto(`/admin/people/${person.id}`);
  await expect(page.getByRole('heading', { name: 'Ivan Keys' })).toBeVisible();
  const list = page.getByRole('list', { name: keys.title });
  const card = list.locator('li[data-key-id]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${key.prefix}…`);
  await expect(card).toContainText('Интеграция');
  await expect(card).toContainText(keys.live);
  await expect(card.getByRole('img', { name: plural('ru', keys, 'requests', 14) })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('person-keys.png'), fullPage: true });

  // Revoked with a reason: the key gets 401 at once, and the person's own audit says who and why.
  await act(
    page,
    fill(keys.revoke.title, { name: 'Интеграция' }),
    keys.revoke.submit,
    'Утечка ключа',
  );
  await expect(page.getByText(fill(keys.revoke.done, { name: 'Интеграция' }))).toBeVisible();
  await expect(card).toContainText(keys.revoked);
  const after = await fetch(`${appOrigin}/api/v1/balance`, { headers: bearer });
  expect(after.status).toBe(401);
  const events = (await (await personContext.request.get('/api/account-events')).json()) as {
    items: { action: string; actor: string; details: { reason?: string } }[];
  };
  const revoked = events.items.find((event) => event.action === 'api_key.revoked');
  expect(revoked?.actor).toBe(email);
  expect(revoked?.details.reason).toBe('Утечка ключа');
  await personContext.close();
});
