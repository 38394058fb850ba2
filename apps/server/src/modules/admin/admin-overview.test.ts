import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildGeneration, signInDemo } from '../../../test/builders.ts';

/**
 * Issue #33, point 12: the console's overview counted a person's own cancellation (a failed
 * generation with `error_code = 'canceled'`) as an error, so Seedream 3 showed a 35.7 % failure
 * rate where the provider had failed nothing. Cancellations are neither successes nor errors: they
 * are counted apart, and the rate is errors ÷ (completed + errors).
 */

let t: TestApp;
let operatorCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  const email = `overview-${randomUUID().slice(0, 8)}@example.com`;
  await signInDemo(t.app, { email });
  await t.container.admin.setRole(email, 'admin');
  operatorCookie = (await signInDemo(t.app, { email })).cookie;
});
afterAll(async () => {
  await t.close();
});

async function generations(
  person: { id: string },
  count: number,
  status: 'completed' | 'failed',
  errorCode?: string,
) {
  for (let i = 0; i < count; i++) {
    const id = await buildGeneration(t.database, person, { model: 'seedream-3', status });
    if (errorCode) {
      await t.database.pool.query('update generation_requests set error_code = $2 where id = $1', [
        id,
        errorCode,
      ]);
    }
  }
}

describe('the console overview', () => {
  it('does not count people’s own cancellations as errors, and shows them apart', async () => {
    const person = await signInDemo(t.app);
    await generations(person.user, 9, 'completed');
    await generations(person.user, 5, 'failed', 'canceled');
    await generations(person.user, 1, 'failed', 'model_failed');

    const res = await t.app.inject({
      url: '/api/admin/overview',
      headers: { cookie: operatorCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json();
    for (const period of ['today', 'week', 'month'] as const) {
      const figures = overview[period];
      expect(figures.generations).toMatchObject({ completed: 9, failed: 1, canceled: 5 });
      expect(figures.models).toMatchObject([
        {
          model: 'seedream-3',
          total: 15,
          failed: 1,
          canceled: 5,
          // 1 ÷ (9 + 1), not 6 ÷ 15 (or, as it showed, 5 ÷ 14 = 35.7 % with no error at all).
          failure_rate: 0.1,
        },
      ]);
    }
    expect(overview.days.at(-1)).toMatchObject({ generations: 15, failed: 1 });
  });
});
