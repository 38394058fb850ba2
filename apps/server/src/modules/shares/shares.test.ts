import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { signInDemo } from '../../../test/builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    WELCOME_TOKENS: '100',
    ALLOWED_ORIGINS: 'http://localhost:3000',
    MAX_RUNNING_GENERATIONS: '0',
  });
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = { origin: 'http://localhost:3000' };

async function finishedImage(cookie: string, ownerId: string, prompt: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-image',
    headers: { cookie, ...ORIGIN },
    payload: { model: 'seedream-3', prompt },
  });
  const id = (res.json() as { request_id: string }).request_id;
  const key = `outputs/${id}/0.png`;
  await t.container.storage.put(key, Buffer.from('the picture'));
  await t.container.repositories.files.insert({
    id: randomUUID(),
    ownerId,
    generationId: id,
    kind: 'output',
    storageKey: key,
    mime: 'image/png',
    bytes: 11,
    width: 640,
    height: 480,
  });
  await t.database.pool.query("update generation_requests set status = 'completed' where id = $1", [
    id,
  ]);
  return id;
}

describe('share links', () => {
  it('shows only the output, the model and the chosen prompt to anyone, until revoked', async () => {
    const { cookie, user } = await signInDemo(t.app);
    const id = await finishedImage(cookie, user.id, 'A secret <b>lighthouse</b> recipe');
    const api = (method: 'GET' | 'POST' | 'DELETE', payload?: object, who = cookie) =>
      t.app.inject({
        method,
        url: `/api/generations/${id}/share`,
        headers: { cookie: who, ...(method === 'GET' ? {} : ORIGIN) },
        ...(payload ? { payload } : {}),
      });

    expect((await api('GET')).json()).toEqual({ share: null });
    const made = await api('POST', { show_prompt: false });
    expect(made.statusCode).toBe(200);
    const share = made.json() as { token: string; url: string; show_prompt: boolean };
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(share.url).toBe(`${t.container.config.publicUrl}/s/${share.token}?ref=${user.id}`);
    // Asking again keeps the same link and changes only the prompt choice.
    const again = (await api('POST', { show_prompt: true })).json() as { token: string };
    expect(again).toMatchObject({ token: share.token, show_prompt: true });
    await api('POST', { show_prompt: false });

    // Signed out: the page, with social tags, the model, no prompt; the referral is remembered.
    const page = await t.app.inject({
      method: 'GET',
      url: `/s/${share.token}?ref=${user.id}&lang=en`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta property="og:image"');
    // The site's icon, from this origin: the strict CSP lets it load (issue 33: it was a 404).
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self'/);
    expect(page.body).toContain(`/s/${share.token}/media`);
    expect(page.body).toContain('Seedream 3');
    expect(page.body).not.toContain('lighthouse');
    expect(page.body).not.toContain(id);
    expect(page.body).not.toContain(user.email);
    expect(String(page.headers['set-cookie'])).toContain(`kadr_ref=${user.id}`);
    const media = await t.app.inject({ method: 'GET', url: `/s/${share.token}/media` });
    expect(media.statusCode).toBe(200);
    expect(media.body).toBe('the picture');

    // With the prompt chosen, it shows — escaped.
    await api('POST', { show_prompt: true });
    const withPrompt = await t.app.inject({ method: 'GET', url: `/s/${share.token}` });
    expect(withPrompt.body).toContain('A secret &lt;b&gt;lighthouse&lt;/b&gt; recipe');
    expect(withPrompt.body).not.toContain('<b>lighthouse');

    // Nobody else can read, make or revoke it.
    const other = await signInDemo(t.app);
    expect((await api('GET', undefined, other.cookie)).statusCode).toBe(404);
    expect((await api('POST', { show_prompt: true }, other.cookie)).statusCode).toBe(404);
    expect((await api('DELETE', undefined, other.cookie)).statusCode).toBe(404);

    // Revoked: the page and its file answer 404 at once; a new link is a new token.
    expect((await api('DELETE')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/s/${share.token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/s/${share.token}/media` })).statusCode).toBe(
      404,
    );
    expect((await api('GET')).json()).toEqual({ share: null });
    const renewed = (await api('POST', { show_prompt: false })).json() as { token: string };
    expect(renewed.token).not.toBe(share.token);
  });

  it('refuses to share what has not finished, and answers 404 to made-up links', async () => {
    const { cookie } = await signInDemo(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-image',
      headers: { cookie, ...ORIGIN },
      payload: { model: 'seedream-3', prompt: 'still going' },
    });
    const id = (res.json() as { request_id: string }).request_id;
    const share = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${id}/share`,
      headers: { cookie, ...ORIGIN },
      payload: { show_prompt: true },
    });
    expect(share.statusCode).toBe(409);
    for (const token of ['x', 'A'.repeat(43), '../../etc/passwd', 'A'.repeat(100)]) {
      const page = await t.app.inject({ method: 'GET', url: `/s/${encodeURIComponent(token)}` });
      expect(page.statusCode).toBe(404);
    }
  });
});
