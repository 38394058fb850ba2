/**
 * Stripe's form encoding: `line_items[0][price_data][unit_amount]=999&expand[]=payment_intent`
 * into nested objects and arrays, every leaf a string, as Stripe's API reads it.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

type Node = { [key: string]: Node | string } | string;

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, Node> = {};
  const pushCounters = new Map<object, number>();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = KEY.exec(rawKey);
    if (!match?.[1]) throw new FormError(`Invalid parameter name: ${rawKey}`);
    const path = [
      match[1],
      ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? ''),
    ];
    let node: Record<string, Node> = root;
    for (let index = 0; index < path.length; index++) {
      let segment = path[index] ?? '';
      if (segment === '') {
        // `expand[]=a&expand[]=b`: the next free index.
        const next = pushCounters.get(node) ?? Object.keys(node).length;
        pushCounters.set(node, next + 1);
        segment = String(next);
      }
      if (index === path.length - 1) {
        if (typeof node[segment] === 'object') throw new FormError(`Invalid parameter: ${rawKey}`);
        node[segment] = value;
      } else {
        const child = node[segment];
        if (typeof child === 'string') throw new FormError(`Invalid parameter: ${rawKey}`);
        const created: Record<string, Node> = child ?? {};
        node[segment] = created;
        node = created;
      }
    }
  }
  return finish(root) as Record<string, FormValue>;
}

/** Objects whose keys are all indices become arrays, in index order. */
function finish(node: Node): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => finish((node as Record<string, Node>)[key] ?? ''));
  }
  const out: Record<string, FormValue> = {};
  for (const key of keys) out[key] = finish(node[key] ?? '');
  return out;
}

export class FormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormError';
  }
}
