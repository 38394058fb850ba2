import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

/**
 * Messages are signed by the official `standardwebhooks` package (`webhook-delivery.service.ts`).
 * That it signs as the specification says is checked here against the published test vector
 * (Svix's, used by the Standard Webhooks libraries' own tests), so a change of the package that
 * changed the scheme would fail here, not at a customer's receiver.
 */
describe('the Standard Webhooks signature', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const body = '{"test": 2432232314}';
  const at = new Date(1614265330 * 1000);

  it('is the published vector', () => {
    expect(new Webhook(secret).sign(id, at, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('changes with any byte of the body, the id or the time', () => {
    const signature = new Webhook(secret).sign(id, at, body);
    expect(new Webhook(secret).sign(id, at, `${body} `)).not.toBe(signature);
    expect(new Webhook(secret).sign(`${id}x`, at, body)).not.toBe(signature);
    expect(new Webhook(secret).sign(id, new Date(at.getTime() + 1000), body)).not.toBe(signature);
  });
});
