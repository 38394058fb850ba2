import type { APIRequestContext, Page } from '@playwright/test';
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
