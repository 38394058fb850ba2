import type { Readable } from 'node:stream';
import { inspect } from 'node:util';
import { onTestFinished } from 'vitest';
import type { GenerationRow } from '../src/modules/generations/generation.repository.ts';
import { type ObjectStorage, ObjectTooLargeError } from '../src/providers/storage/storage.ts';
import type { Repositories, TransactionRepositories } from '../src/repositories.ts';

/**
 * Strict fakes for small tests (no database, network or disk). A fake answers only the methods a
 * test gave it; any other call throws `unexpected call: name.method(args)` AND is remembered, so the
 * test fails even when the code under test swallows the error. Every call, expected or not, goes
 * into one shared CallLog, in order, so a test can assert exactly what happened.
 */

/** One call a fake received; `transaction` numbers the transaction it ran in, if any. */
export interface Call {
  name: string;
  args: unknown[];
  transaction?: number | undefined;
}

const show = (args: unknown[]) =>
  args.map((arg) => inspect(arg, { depth: 2, breakLength: Number.POSITIVE_INFINITY })).join(', ');

/** Every call of a test's fakes, in order. Create it inside a test: it checks itself when the test ends. */
export class CallLog {
  readonly calls: Call[] = [];
  readonly unexpected: string[] = [];

  constructor() {
    onTestFinished(() => {
      if (this.unexpected.length > 0) throw new Error(this.unexpected.join('\n'));
    });
  }

  record(call: Call): void {
    this.calls.push(call);
  }

  /** Records a call nobody expected and answers the error to throw. */
  fail(name: string, args: unknown[], why = 'unexpected call'): Error {
    this.record({ name, args });
    const message = `${why}: ${name}(${show(args)})`;
    this.unexpected.push(message);
    return new Error(message);
  }

  /** The calls' names in order, e.g. ['generations.findById', 'provider.create']. */
  names(): string[] {
    return this.calls.map((call) => call.name);
  }

  /** The arguments of every call of `name`, in order. */
  argsOf(name: string): unknown[][] {
    return this.calls.filter((call) => call.name === name).map((call) => call.args);
  }

  /** The transaction numbers the calls of `name` ran in (undefined: outside any). */
  transactionsOf(name: string): (number | undefined)[] {
    return this.calls.filter((call) => call.name === name).map((call) => call.transaction);
  }
}

interface Scope {
  transaction?: number;
  isOpen?: () => boolean;
}

/** A stand-in for something nobody gave: calling it, or any method under it, fails. */
function unexpected(name: string, log: CallLog): unknown {
  const stub = () => undefined;
  return new Proxy(stub, {
    apply: (_target, _this, args: unknown[]) => {
      throw log.fail(name, args);
    },
    get: (_target, property) =>
      typeof property === 'symbol' || property === 'then'
        ? undefined
        : unexpected(`${name}.${property}`, log),
  });
}

/**
 * A `T` that answers only `implementations`. Its calls are recorded as `name.method`; a call of a
 * method not given throws (see CallLog). Non-function values given are answered as they are.
 */
export function strictFake<T extends object>(
  name: string,
  implementations: Partial<T>,
  log: CallLog,
  scope: Scope = {},
): T {
  const handler: ProxyHandler<Partial<T>> = {
    get(target, property) {
      // Not a method: awaiting a fake (`then`) or inspecting it must not count as a call.
      if (typeof property === 'symbol' || property === 'then') return undefined;
      const method = `${name}.${property}`;
      const given: unknown = Reflect.get(target, property);
      if (given !== undefined && typeof given !== 'function') return given;
      return (...args: unknown[]): unknown => {
        if (typeof given !== 'function') throw log.fail(method, args);
        if (scope.isOpen && !scope.isOpen()) {
          throw log.fail(method, args, 'call after its transaction ended');
        }
        log.record({ name: method, args, transaction: scope.transaction });
        const result: unknown = Reflect.apply(given, target, args);
        return result;
      };
    },
  };
  return new Proxy(implementations, handler) as T;
}

export type Implementations<R> = { [K in keyof R]?: Partial<R[K]> };

/**
 * The repositories, faked: `top` for the ones on the database, `tx` for those
 * `transaction(uses, fn)` hands to `fn` (only those it names). Each transaction gets fresh fakes named `tx.<repository>` whose calls carry the
 * transaction's number, and which refuse calls once it has ended; the log shows `transaction`
 * when one starts and `commit` or `rollback` when it ends. Repositories not given fail when used.
 */
export function fakeRepositories(
  log: CallLog,
  top: Implementations<Omit<Repositories, 'transaction' | 'ping'>>,
  tx: Implementations<TransactionRepositories> = {},
): Repositories {
  let opened = 0;

  function namespace(prefix: string, given: object, scope: Scope = {}) {
    const fakes = new Map<string, unknown>(
      Object.entries(given).map(([key, implementations]: [string, object]) => [
        key,
        strictFake(`${prefix}${key}`, implementations, log, scope),
      ]),
    );
    return (property: string | symbol): unknown =>
      typeof property === 'symbol' || property === 'then'
        ? undefined
        : (fakes.get(property) ?? unexpected(`${prefix}${property}`, log));
  }

  async function transaction<T>(
    uses: readonly string[],
    fn: (repositories: TransactionRepositories) => Promise<T>,
  ) {
    opened += 1;
    const number = opened;
    let open = true;
    log.record({ name: 'transaction', args: [], transaction: number });
    const inside = namespace('tx.', tx, { transaction: number, isOpen: () => open });
    // A transaction binds only what it names: anything else is as absent as in the real one.
    const repositories = new Proxy(
      {},
      {
        get: (_target, property) =>
          typeof property === 'string' && property !== 'then' && !uses.includes(property)
            ? unexpected(
                `tx.${property} (not bound: the transaction names ${uses.join(', ')})`,
                log,
              )
            : inside(property),
      },
    );
    try {
      const result = await fn(repositories as TransactionRepositories);
      log.record({ name: 'commit', args: [], transaction: number });
      return result;
    } catch (error) {
      log.record({ name: 'rollback', args: [], transaction: number });
      throw error;
    } finally {
      open = false;
    }
  }

  const outside = namespace('', top);
  const repositories = new Proxy(
    {},
    { get: (_target, property) => (property === 'transaction' ? transaction : outside(property)) },
  );
  return repositories as Repositories;
}

/**
 * Storage in memory: `objects` is what it holds. `failPut(key)` makes writing that key (a string,
 * or any key a RegExp matches) fail after reading the body, as a full disk would. `localPath` answers a path nothing reads (media is faked).
 */
export function memoryStorage(log: CallLog) {
  const objects = new Map<string, Buffer>();
  const failing: (string | RegExp)[] = [];
  const fails = (key: string) =>
    failing.some((match) => (typeof match === 'string' ? match === key : match.test(key)));

  async function bytesOf(body: Buffer | Readable): Promise<Buffer> {
    if (Buffer.isBuffer(body)) return body;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  const storage = strictFake<ObjectStorage>(
    'storage',
    {
      async put(key, body, options = {}) {
        const bytes = await bytesOf(body);
        if (fails(key)) throw new Error(`no space left on the device (writing ${key})`);
        if (options.maxBytes !== undefined && bytes.length > options.maxBytes) {
          throw new ObjectTooLargeError(options.maxBytes);
        }
        objects.set(key, bytes);
        return { bytes: bytes.length };
      },
      async delete(key) {
        objects.delete(key);
      },
      withLocalFile: (key, use) => use(`/fake-storage/${key}`),
    },
    log,
  );
  return { storage, objects, failPut: (key: string | RegExp) => failing.push(key) };
}

/** `fetch` answering the given bodies by URL from memory; any other URL is an unexpected call. */
export function fakeFetch(log: CallLog, bodies: Record<string, string>): typeof fetch {
  return async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = bodies[url];
    if (body === undefined) throw log.fail('fetch', [url]);
    log.record({ name: 'fetch', args: [url] });
    return new Response(body, { headers: { 'content-length': String(Buffer.byteLength(body)) } });
  };
}

/** A generation request row as the repository answers it: pending, image, 6 tokens. */
export function generationRow(overrides: Partial<GenerationRow> = {}): GenerationRow {
  const at = new Date('2025-01-01T12:00:00Z');
  return {
    id: '0f0e0d0c-0000-4000-8000-000000000001',
    userId: '0a0b0c0d-0000-4000-8000-000000000002',
    type: 'image',
    model: 'imagen-4-ultra',
    status: 'pending',
    error: null,
    errorCode: null,
    replicateId: null,
    provider: 'replicate',
    jsondata: {
      type: 'image',
      prompt: 'a lighthouse at dawn',
      input: { aspect_ratio: '1:1', safety_filter_level: 'block_only_high', output_format: 'jpg' },
      output: null,
      translate_prompt: true,
    },
    cost: 6,
    submittedAt: null,
    submittingAt: null,
    completedAt: null,
    deadline: null,
    recordFiles: null,
    historyRecord: null,
    favorite: false,
    sourceGenerationId: null,
    apiKeyId: null,
    webhookUrl: null,
    created: at,
    updated: at,
    ...overrides,
  };
}
