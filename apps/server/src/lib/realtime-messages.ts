/**
 * The realtime seam: what PostgreSQL NOTIFY carries between the writes (repositories and the create
 * function, on any node) and each node's LISTEN connection (modules/realtime). A message carries
 * ids only; each stream reads the fresh record itself (ADR 015). This file imports nothing, so the
 * repositories that send and the hub that listens both depend on it and not on each other.
 *
 * The SQL function `kadr_create_generations` builds the generation message in SQL from its
 * `p_settings` channels; `realtime-messages.test.ts` checks that what it sends decodes here.
 */
export const realtimeChannels = {
  /** A person's record or balance changed: their id. */
  user: 'kadr_user',
  /** A generation changed: "ownerId:generationId". */
  generation: 'kadr_generation',
  /** A payment changed: "ownerId:paymentId". */
  payment: 'kadr_payment',
  /** A session was revoked: the hash of its token. */
  session: 'kadr_session',
  /** An operator switched a model off or on: the model's id. */
  model: 'kadr_model',
  /** An API key was revoked (or its owner blocked or its settings changed): the hash of the key. */
  apiKey: 'kadr_api_key',
} as const;

export type RealtimeChannel = (typeof realtimeChannels)[keyof typeof realtimeChannels];

/** Every channel, the order a listener subscribes in. */
export const allRealtimeChannels: readonly RealtimeChannel[] = Object.values(realtimeChannels);

export type RealtimeMessage =
  | { kind: 'user'; userId: string }
  | { kind: 'generation'; userId: string; generationId: string }
  | { kind: 'payment'; userId: string; paymentId: string }
  | { kind: 'session'; tokenHash: string }
  | { kind: 'model'; model: string }
  | { kind: 'api_key'; keyHash: string };

/** The channel and payload that carry `message` (what `pg_notify` takes). */
export function encodeRealtimeMessage(message: RealtimeMessage): {
  channel: RealtimeChannel;
  payload: string;
} {
  switch (message.kind) {
    case 'user':
      return { channel: realtimeChannels.user, payload: message.userId };
    case 'generation':
      return {
        channel: realtimeChannels.generation,
        payload: `${message.userId}:${message.generationId}`,
      };
    case 'payment':
      return {
        channel: realtimeChannels.payment,
        payload: `${message.userId}:${message.paymentId}`,
      };
    case 'session':
      return { channel: realtimeChannels.session, payload: message.tokenHash };
    case 'model':
      return { channel: realtimeChannels.model, payload: message.model };
    case 'api_key':
      return { channel: realtimeChannels.apiKey, payload: message.keyHash };
  }
}

/** A notification read back; undefined for a channel or payload that is not a message of ours. */
export function decodeRealtimeMessage(
  channel: string,
  payload: string,
): RealtimeMessage | undefined {
  switch (channel) {
    case realtimeChannels.user:
      return payload ? { kind: 'user', userId: payload } : undefined;
    case realtimeChannels.generation: {
      const pair = ownerAndId(payload);
      return pair && { kind: 'generation', userId: pair.owner, generationId: pair.id };
    }
    case realtimeChannels.payment: {
      const pair = ownerAndId(payload);
      return pair && { kind: 'payment', userId: pair.owner, paymentId: pair.id };
    }
    case realtimeChannels.session:
      return payload ? { kind: 'session', tokenHash: payload } : undefined;
    case realtimeChannels.model:
      return payload ? { kind: 'model', model: payload } : undefined;
    case realtimeChannels.apiKey:
      return payload ? { kind: 'api_key', keyHash: payload } : undefined;
    default:
      return undefined;
  }
}

function ownerAndId(payload: string): { owner: string; id: string } | undefined {
  const colon = payload.indexOf(':');
  if (colon <= 0 || colon === payload.length - 1) return undefined;
  return { owner: payload.slice(0, colon), id: payload.slice(colon + 1) };
}
