import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listModels } from '@kadr/catalog';
import type { Locator, Page } from '@playwright/test';
import { appTexts, fill, type Lang, plural, useLanguage } from './app-texts.ts';
import { scanAtRest } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { appOrigin } from './origin.ts';
import { currentUser, demoSignIn, uniqueEmail } from './users.ts';

/**
 * The profile's API keys as a developer meets them: a key made in the browser and shown once,
 * copied, then used from code (this test's own `fetch`, as an outside program would) on /api/v1 —
 * charged exactly the estimate, seen in the header's balance and the key's spend — a daily limit
 * below the next price refusing with 402 and nothing charged, a restricted model list, field
 * errors said by the server in the person's language, and a revoke after which the same key gets
 * 401.
 */

const prompt = 'A lighthouse on a cliff at dawn';

/** A call of /api/v1 with a bearer key, as a program outside the browser makes it. */
async function v1(
  secret: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${appOrigin}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The profile, scrolled to its keys section (whose code loads when it comes into view). */
async function openKeys(page: Page, lang: Lang): Promise<Locator> {
  await page.goto('/profile');
  await expect(
    page.getByRole('heading', { level: 1, name: appTexts[lang].profile.title }),
  ).toBeVisible();
  const section = page.locator('#api-keys');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: appTexts[lang].keys.create })).toBeEnabled();
  return section;
}

/** Creates a key through the dialog; answers the secrets it showed, once. */
async function createKey(
  page: Page,
  section: Locator,
  lang: Lang,
  fields: { name: string; models?: string[] },
) {
  const t = appTexts[lang].keys;
  await section.getByRole('button', { name: t.create }).click();
  const dialog = page.getByRole('dialog', { name: t.form.createTitle });
  await dialog.getByLabel(t.form.name, { exact: true }).fill(fields.name);
  if (fields.models) {
    await dialog.getByLabel(t.form.modelsSome).check();
    for (const model of fields.models) await dialog.getByLabel(model, { exact: true }).check();
  }
  await dialog.getByRole('button', { name: t.form.submitCreate }).click();
  const shown = page.getByRole('dialog', { name: t.created.title });
  await expect(shown).toBeVisible();
  await expect(shown.getByText(t.created.once)).toBeVisible();
  const secret = await shown.getByLabel(t.created.key, { exact: true }).inputValue();
  const webhookSecret = await shown
    .getByLabel(t.created.webhookSecret, { exact: true })
    .inputValue();
  expect(secret).toMatch(/^kadr_[A-Za-z0-9_-]{40}$/);
  expect(webhookSecret).toMatch(/^whsec_/);
  return { dialog: shown, secret, webhookSecret };
}

// The webhook addresses the server refuses answer 400, which Chromium logs.
test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

test.describe('API keys in the profile', () => {
  test('a key is made and shown once, used from code (charged the estimate), limited, and revoked to 401', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const t = appTexts.ru;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await useLanguage(page, 'ru');
    await demoSignIn(page.request, { name: 'Разработчик', email: uniqueEmail('keys') });
    const section = await openKeys(page, 'ru');
    await expect(section.getByText(t.keys.empty)).toBeVisible();

    // A webhook address the server refuses: its reason, in Russian, on the field itself.
    await section.getByRole('button', { name: t.keys.create }).click();
    const form = page.getByRole('dialog', { name: t.keys.form.createTitle });
    await form.getByLabel(t.keys.form.name, { exact: true }).fill('Бот магазина');
    const webhook = form.getByLabel(t.keys.form.webhookUrl, { exact: true });
    await webhook.fill('ftp://example.com/hook');
    await form.getByRole('button', { name: t.keys.form.submitCreate }).click();
    await expect(webhook).toHaveAttribute('aria-invalid', 'true');
    await expect(webhook).toHaveAccessibleDescription(
      /должен быть адресом http:\/\/ или https:\/\//,
    );
    await webhook.fill('');
    await form.getByRole('button', { name: t.keys.form.submitCreate }).click();

    const shown = page.getByRole('dialog', { name: t.keys.created.title });
    await expect(shown.getByText(t.keys.created.once)).toBeVisible();
    const secret = await shown.getByLabel(t.keys.created.key, { exact: true }).inputValue();
    expect(secret).toMatch(/^kadr_[A-Za-z0-9_-]{40}$/);
    const axe = await scanAtRest(page, '[role="dialog"]');
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await shown.getByRole('button', { name: t.keys.created.copyKey }).click();
    await expect(page.getByText(t.keys.created.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: t.keys.created.done }).click();
    await expect(shown).toBeHidden();

    // Once: the page keeps only the prefix, and reading the list again brings no secret.
    const item = section.locator('li[data-key-id]');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Бот магазина');
    await expect(item.locator('[data-prefix]')).toHaveText(`${secret.slice(0, 13)}…`);
    await expect(item.locator('[data-last-used]')).toHaveText(t.keys.list.neverUsed);
    expect(await page.content()).not.toContain(secret);
    expect(JSON.stringify(await (await page.request.get('/api/keys')).json())).not.toContain(
      secret.slice(13),
    );

    // From code: the balance, an estimate, a create charged exactly the estimate.
    const balance = await v1(secret, '/balance');
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    expect(balance.body.tokens).toBe(100);
    const estimate = await v1(secret, '/estimate', { model: 'seedream-3', prompt });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    const cost = estimate.body.cost as number;
    expect(cost).toBeGreaterThan(0);
    const created = await v1(
      secret,
      '/generations',
      { model: 'seedream-3', prompt },
      { 'idempotency-key': `e2e-${Date.now()}` },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.cost).toBe(cost);
    expect((await currentUser(page.request)).tokens).toBe(100 - cost);

    // The person sees it: the sidebar's balance, the key's spend and last use.
    await expect(page.locator('aside')).toContainText(plural('ru', t.user, 'credits', 100 - cost));
    await expect(item.getByTestId('spent-today')).toContainText(
      plural('ru', t.user, 'credits', cost),
    );
    await expect(item.getByTestId('spent-total')).toContainText(
      plural('ru', t.user, 'credits', cost),
    );
    await expect(item.locator('[data-last-used]')).not.toHaveText(t.keys.list.neverUsed);

    // A daily limit below what the next create would bring the day to: 402, nothing charged.
    await item.getByRole('button', { name: t.keys.list.edit }).click();
    const edit = page.getByRole('dialog', {
      name: fill(t.keys.form.editTitle, { name: 'Бот магазина' }),
    });
    await edit.getByLabel(t.keys.form.dailyLimit, { exact: true }).fill(String(cost));
    await edit.getByRole('button', { name: t.keys.form.submitEdit }).click();
    await expect(edit).toBeHidden();
    await expect(item.getByTestId('spent-today')).toContainText(
      fill(t.keys.list.limit, { limit: cost }),
    );
    const refused = await v1(
      secret,
      '/generations',
      { model: 'seedream-3', prompt },
      { 'idempotency-key': `e2e-limit-${Date.now()}` },
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    expect(refused.body.code).toBe('spend_limit_daily');
    expect((await currentUser(page.request)).tokens).toBe(100 - cost);

    // Revoked, after a confirmation: the same key gets 401 at once.
    await item.getByRole('button', { name: t.keys.list.revoke }).click();
    const confirm = page.getByRole('dialog', {
      name: fill(t.keys.revoke.title, { name: 'Бот магазина' }),
    });
    await confirm.getByRole('button', { name: t.keys.revoke.confirm }).click();
    await expect(item).toHaveAttribute('data-revoked', 'true');
    await expect(item).toContainText(t.keys.list.revoked);
    const after = await v1(secret, '/balance');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthorized');

    // The person's audit: made, changed, revoked — by themselves.
    const events = section.getByRole('list', { name: t.keys.events.label });
    await expect(events.locator('li[data-action="api_key.revoked"]')).toContainText(
      t.keys.events.self,
    );
    await expect(events.locator('li[data-action="api_key.changed"]')).toContainText(
      t.keys.events.fieldNames.daily_limit,
    );
    await expect(events.locator('li[data-action="api_key.created"]')).toHaveCount(1);
    expect((await currentUser(page.request)).tokens).toBe(100 - cost);
  });

  test('in English: a key for one model only; another model is refused, and the server speaks English', async ({
    page,
  }) => {
    const t = appTexts.en;
    await useLanguage(page, 'en');
    await demoSignIn(page.request, { name: 'Developer', email: uniqueEmail('keys-en') });
    const section = await openKeys(page, 'en');
    const [allowed, other] = listModels('image');
    if (!allowed || !other) throw new Error('the catalogue has two image models');

    // The server's refusal of the webhook address, in English, on its field.
    await section.getByRole('button', { name: t.keys.create }).click();
    const form = page.getByRole('dialog', { name: t.keys.form.createTitle });
    await form.getByLabel(t.keys.form.name, { exact: true }).fill('Shop bot');
    await form.getByLabel(t.keys.form.webhookUrl, { exact: true }).fill('mailto:dev@example.com');
    await form.getByRole('button', { name: t.keys.form.submitCreate }).click();
    await expect(
      form.getByLabel(t.keys.form.webhookUrl, { exact: true }),
    ).toHaveAccessibleDescription(/must be an http:\/\/ or https:\/\/ address/);
    await form.getByRole('button', { name: t.keys.form.cancel }).click();

    // Restricted to one model: a choice the form asks for.
    const { dialog, secret } = await createKey(page, section, 'en', {
      name: 'Shop bot',
      models: [allowed.name],
    });
    await dialog.getByRole('button', { name: t.keys.created.done }).click();
    const item = section.locator('li[data-key-id]');
    await expect(item.locator('[data-models]')).toHaveText(allowed.name);
    await expect(item.locator('[data-webhook]')).toHaveText(t.keys.list.noWebhook);

    const refused = await v1(secret, '/generations', { model: other.id, prompt });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await currentUser(page.request)).tokens).toBe(100);

    const results = await scanAtRest(page);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test('the delivery log shows a webhook the receiver refused, and a replay delivers the same message', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const t = appTexts.ru;
    // A receiver of our own (demo mode lets webhooks reach this machine): 500 until told otherwise.
    const received: string[] = [];
    let answer = 500;
    const receiver = createServer((request, response) => {
      received.push(String(request.headers['webhook-id']));
      request.resume();
      request.on('end', () => response.writeHead(answer).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/kadr`;
    try {
      await useLanguage(page, 'ru');
      await demoSignIn(page.request, { name: 'Вебхуки', email: uniqueEmail('keys-hooks') });
      const made = await page.request.post('/api/keys', {
        headers: { origin: appOrigin },
        data: { name: 'С вебхуком', webhook_url: url },
      });
      expect(made.status(), await made.text()).toBe(201);
      const { secret } = (await made.json()) as { secret: string };
      const section = await openKeys(page, 'ru');
      await expect(section.locator('li[data-key-id] [data-webhook]')).toHaveText(url);

      const created = await v1(secret, '/generations', { model: 'seedream-3', prompt });
      expect(created.status, JSON.stringify(created.body)).toBe(201);

      const log = section.getByRole('list', { name: t.keys.deliveries.label });
      const delivery = log.locator('li[data-delivery-id]');
      await expect(delivery).toHaveCount(1, { timeout: 20_000 });
      await expect(delivery).toContainText(t.keys.deliveries.events.completed);
      await expect(delivery).toContainText(url);
      await expect(delivery.locator('[data-last-error]')).toContainText(
        fill(t.keys.deliveries.lastStatus, { status: 500 }),
        { timeout: 20_000 },
      );
      await expect(delivery).toHaveAttribute('data-status', 'pending');

      answer = 204;
      await delivery
        .getByRole('button', { name: new RegExp(`^${t.keys.deliveries.replay}`) })
        .click();
      // The toast says so (the key's log, below, may already say it too).
      await expect(
        page.getByRole('region', { name: /^Notifications/ }).getByText(t.keys.deliveries.replayed),
      ).toBeVisible();
      await expect(delivery).toHaveAttribute('data-status', 'delivered');
      await expect(delivery).toContainText(t.keys.deliveries.statuses.delivered);
      // Every attempt and the replay carried the same message id.
      const id = await delivery.getAttribute('data-delivery-id');
      expect(new Set(received)).toEqual(new Set([id]));
      expect(received.length).toBeGreaterThanOrEqual(2);
      await expect(
        section
          .getByRole('list', { name: t.keys.events.label })
          .locator('li[data-action="webhook.replayed"]'),
      ).toHaveCount(1);
      const results = await scanAtRest(page);
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  test('at 390 px, with a key: the section fits, its controls are in reach, and axe finds nothing', {
    tag: '@phone',
  }, async ({ page, isMobile }) => {
    test.skip(!isMobile, 'on the phone project only: width, touch');
    const t = appTexts.ru;
    await demoSignIn(page.request, { name: 'Телефон', email: uniqueEmail('keys-phone') });
    const section = await openKeys(page, 'ru');
    const { dialog } = await createKey(page, section, 'ru', { name: 'Ключ с телефона' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await dialog.getByRole('button', { name: t.keys.created.done }).click();
    await expect(section.locator('li[data-key-id]')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    for (const button of await section.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    const results = await scanAtRest(page);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
