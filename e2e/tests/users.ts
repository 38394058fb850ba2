import type { APIRequestContext, Browser, Page } from '@playwright/test';
import enAuth from '../../apps/web/app/locales/en/auth.json' with { type: 'json' };
import ruAuth from '../../apps/web/app/locales/ru/auth.json' with { type: 'json' };
import { expect } from './fixtures.ts';
import { appOrigin } from './origin.ts';

export type DemoUser = { id: string; name: string; email: string; tokens: number };

/** An e-mail no other test (or earlier run against the same server) has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Signs up (or in) through the demo-mode endpoint. The session cookie lands in whatever `request`
 * belongs to: `page.request` signs the page's browser context in.
 */
export async function demoSignIn(
  request: APIRequestContext,
  {
    name = 'Demo Person',
    email = uniqueEmail('demo'),
    referral,
  }: Partial<DemoUser> & {
    referral?: string;
  } = {},
): Promise<DemoUser> {
  // A browser sends its page's Origin with a POST; the demo sign-in requires an allowed one.
  const response = await request.post('/api/auth/demo', {
    data: { email, name, referral },
    headers: { origin: appOrigin },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const user = (await response.json()) as DemoUser;
  return { ...user, email };
}

/** The signed-in user of a request context, as the server sees them now. */
export async function currentUser(request: APIRequestContext): Promise<DemoUser> {
  const response = await request.get('/api/me');
  expect(response.ok()).toBe(true);
  return (await response.json()) as DemoUser;
}

const htmlEntities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => htmlEntities[entity] ?? entity);

/**
 * Signs up (or in) through the Google emulator with requests alone: the redirects a browser follows
 * (/api/auth/google → the emulator's form, posted with its hidden fields → the callback → /studio),
 * without loading a page. For tests that need an account whose e-mail a provider verified (a
 * referral bonus) but are not about signing in; those use `signInWithGoogle`. The session cookie
 * lands in `request`'s jar, and a `kadr_ref` cookie there is sent to the callback as a browser's is.
 */
export async function googleSignIn(
  request: APIRequestContext,
  { name, email }: { name: string; email: string },
): Promise<DemoUser> {
  const form = await request.get('/api/auth/google');
  expect(form.status(), await form.text()).toBe(200);
  const html = await form.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  expect(action, 'the emulator shows its sign-in form').toBeTruthy();
  const fields: Record<string, string> = {};
  for (const [, key = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)">/g,
  )) {
    fields[unescapeHtml(key)] = unescapeHtml(value);
  }
  const done = await request.post(new URL(unescapeHtml(action ?? ''), form.url()).href, {
    form: { ...fields, name, email },
  });
  expect(done.ok(), await done.text()).toBe(true);
  expect(new URL(done.url()).pathname).toBe('/studio');
  return { ...(await currentUser(request)), email };
}

/**
 * A friend follows `referrerId`'s referral link and signs up through Google, in a browser of their
 * own: the `kadr_ref` cookie the link leaves (referral.spec.ts checks how), then `googleSignIn`.
 */
export async function referredFriendSignsUp(
  browser: Browser,
  referrerId: string,
  friend: { name: string; email: string } = { name: 'Friend', email: uniqueEmail('friend') },
): Promise<DemoUser> {
  const context = await browser.newContext({ baseURL: appOrigin });
  try {
    await context.addCookies([{ name: 'kadr_ref', value: referrerId, url: appOrigin }]);
    return await googleSignIn(context.request, friend);
  } finally {
    await context.close();
  }
}

/**
 * Signs in as a person does: /login → 'Continue with Google' → the demo-mode Google emulator's
 * form (English: use the `en-US` locale) → back in the studio.
 */
export async function signInWithGoogle(
  page: Page,
  { name, email }: { name: string; email: string },
) {
  await page.goto('/login');
  // Either language's button (“Продолжить с Google” / “Continue with Google”).
  await page
    .getByRole('link', { name: new RegExp(`^(${ruAuth.login.google}|${enAuth.login.google})$`) })
    .click();
  await expect(page).toHaveURL(/\/emulators\/oauth\/google\/authorize\?/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/studio$/);
}

/**
 * Buys a package through the demo's YooKassa by requests alone — opened as the top-up dialog opens
 * it, paid on the emulator's checkout page — and waits until the credit lands. For tests that need
 * more than the welcome bonus and are not about paying (payments.spec.ts walks the pages).
 */
export async function buyTokens(
  request: APIRequestContext,
  amount: 100 | 600 | 1000,
): Promise<number> {
  const before = (await currentUser(request)).tokens;
  const opened = await request.post('/api/create-payment', {
    headers: { origin: appOrigin },
    data: { amount: String(amount), currency: 'RUB' },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const checkout = new URL(((await opened.json()) as { url: string }).url);
  checkout.pathname = `${checkout.pathname}/pay`;
  const paid = await request.post(checkout.toString(), { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => (await currentUser(request)).tokens, { timeout: 15_000 })
    .toBe(before + amount);
  return before + amount;
}
