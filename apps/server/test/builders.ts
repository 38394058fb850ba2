import type { App } from '../src/app.ts';

/** Signs a person in through the demo endpoint and returns the cookie header to act as them. */
export async function signInDemo(
  app: App,
  person: { email?: string; name?: string; referral?: string | null } = {},
): Promise<{ cookie: string; user: { id: string; tokens: number; email: string; name: string } }> {
  const email = person.email ?? `person-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/demo',
    headers: { origin: 'http://localhost:3000' },
    payload: { email, name: person.name ?? 'Test Person', referral: person.referral ?? null },
  });
  if (res.statusCode !== 200) throw new Error(`demo sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { cookie, user: res.json() };
}
