import { expect, test } from './fixtures.ts';
import { demoSignIn, uniqueEmail } from './users.ts';

// Issue 33: the share page had no icon — a browser asked for /favicon.ico and got a 404.
test('the share page shows the site’s icon, allowed by its strict CSP', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(45_000);
  await demoSignIn(page.request, { name: 'Icon Person', email: uniqueEmail('icon') });
  const created = await page.request.post('/api/create-image', {
    headers: { origin: baseURL ?? '' },
    data: { model: 'seedream-3', prompt: 'A lighthouse icon study' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { request_id: id } = (await created.json()) as { request_id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/generations/${id}`)).json()) as { status: string })
          .status,
      { timeout: 30_000 },
    )
    .toBe('completed');
  const shared = await page.request.post(`/api/generations/${id}/share`, {
    headers: { origin: baseURL ?? '' },
    data: { show_prompt: false },
  });
  expect(shared.status()).toBe(200);
  const { url } = (await shared.json()) as { url: string };

  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const refused: string[] = [];
  other.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const missing: string[] = [];
  other.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
  });
  expect((await other.goto(url))?.status()).toBe(200);
  await expect(other.locator('link[rel="icon"]')).toHaveCount(1);
  const href = await other.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBeTruthy();
  const iconUrl = new URL(href ?? '', url);
  expect(iconUrl.origin).toBe(new URL(url).origin);
  // The page's own CSP (img-src 'self') lets this icon load: loaded as a picture from the page.
  const loaded = await other.evaluate(
    (address) =>
      new Promise<boolean>((resolve) => {
        const picture = new Image();
        picture.onload = () => resolve(true);
        picture.onerror = () => resolve(false);
        picture.src = address;
      }),
    iconUrl.href,
  );
  expect(loaded).toBe(true);
  const icon = await other.request.get(iconUrl.href);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  const csp = (await other.request.get(url)).headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/img-src 'self'/);
  await other.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
  expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  await stranger.close();
});
