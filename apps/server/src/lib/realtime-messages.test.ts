import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/builders.ts';
import {
  allRealtimeChannels,
  decodeRealtimeMessage,
  encodeRealtimeMessage,
  type RealtimeMessage,
} from './realtime-messages.ts';

const owner = '0b9f7a52-3c1e-4f6e-9d55-0a1b2c3d4e5f';
const other = '5c3e1f0a-9b8d-4c7e-a6f5-e4d3c2b1a098';

describe('realtime messages (small)', () => {
  const messages: RealtimeMessage[] = [
    { kind: 'user', userId: owner },
    { kind: 'generation', userId: owner, generationId: other },
    { kind: 'payment', userId: owner, paymentId: other },
    { kind: 'session', tokenHash: 'f'.repeat(64) },
    { kind: 'model', model: 'veo-3-fast' },
    { kind: 'api_key', keyHash: 'e'.repeat(64) },
  ];

  it('decodes what it encodes, on one channel per kind', () => {
    for (const message of messages) {
      const { channel, payload } = encodeRealtimeMessage(message);
      expect(decodeRealtimeMessage(channel, payload)).toEqual(message);
    }
    const channels = messages.map((message) => encodeRealtimeMessage(message).channel);
    expect(new Set(channels)).toEqual(new Set(allRealtimeChannels));
  });

  it('writes the owner before the record, as the SQL function does', () => {
    expect(
      encodeRealtimeMessage({ kind: 'generation', userId: owner, generationId: other }),
    ).toEqual({ channel: 'kadr_generation', payload: `${owner}:${other}` });
  });

  it('refuses what is not a message of ours', () => {
    expect(decodeRealtimeMessage('kadr_other', owner)).toBeUndefined();
    expect(decodeRealtimeMessage('kadr_generation', owner)).toBeUndefined();
    expect(decodeRealtimeMessage('kadr_generation', `${owner}:`)).toBeUndefined();
    expect(decodeRealtimeMessage('kadr_payment', `:${other}`)).toBeUndefined();
    expect(decodeRealtimeMessage('kadr_user', '')).toBeUndefined();
  });
});

describe('realtime messages sent by the database (medium)', () => {
  let t: TestApp;
  let listener: pg.Client;
  const heard: { channel: string; payload: string }[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    listener = new pg.Client({ connectionString: t.database.url });
    await listener.connect();
    listener.on('notification', ({ channel, payload }) => {
      heard.push({ channel, payload: payload ?? '' });
    });
    for (const channel of allRealtimeChannels) await listener.query(`listen ${channel}`);
  });
  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  async function heardSoon(count: number): Promise<{ channel: string; payload: string }[]> {
    for (let wait = 0; heard.length < count && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return heard.splice(0);
  }

  it('the create function (kadr_create_generations) sends what this module decodes', async () => {
    const person = await buildUser(t.container, { tokens: 10 });
    heard.splice(0);
    const id = randomUUID();
    const [created] = await t.container.repositories.generations.insertPaid(person.id, [
      { id, type: 'image', model: 'seedream-3', cost: 3, jsondata: { type: 'image' } },
    ]);
    expect(created?.outcome).toBe('created');

    const sent = await heardSoon(2);
    const decoded = sent.map(({ channel, payload }) => decodeRealtimeMessage(channel, payload));
    expect(decoded).toContainEqual({ kind: 'generation', userId: person.id, generationId: id });
    expect(decoded).toContainEqual({ kind: 'user', userId: person.id });
    // Byte for byte what the TypeScript side would have sent.
    expect(sent).toContainEqual(
      encodeRealtimeMessage({ kind: 'generation', userId: person.id, generationId: id }),
    );
    expect(sent).toContainEqual(encodeRealtimeMessage({ kind: 'user', userId: person.id }));
  });

  it('the repositories send the same messages', async () => {
    const person = await buildUser(t.container, { tokens: 0 });
    heard.splice(0);
    const id = randomUUID();
    await t.container.repositories.generations.notify(person.id, id);
    expect(await heardSoon(1)).toEqual([
      encodeRealtimeMessage({ kind: 'generation', userId: person.id, generationId: id }),
    ]);
  });
});
