import type { FormValue } from './form.ts';
import { unixNow } from './ids.ts';
import type { Metadata } from './types.ts';

const STRIPE_LOCALES = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
);

const CREATE_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'metadata',
  'customer_email',
  'expires_at',
  'payment_intent_data',
  'locale',
  'expand',
  'payment_method_types',
  'submit_type',
  'billing_address_collection',
  'allow_promotion_codes',
]);

/** A Stripe API error: the status and the `error` object of the answer. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  constructor(
    status: number,
    message: string,
    extra: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.type = extra.type ?? 'invalid_request_error';
    this.code = extra.code;
    this.param = extra.param;
  }

  body(): { error: Record<string, string> } {
    return {
      error: {
        ...(this.code
          ? {
              code: this.code,
              doc_url: `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}`,
            }
          : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        type: this.type,
      },
    };
  }
}

function missing(param: string): StripeApiError {
  return new StripeApiError(400, `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });
}

export function noSuch(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
}

export function asString(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new StripeApiError(400, `Invalid string: ${param} must be a string`, {
      code: 'parameter_invalid_string',
      param,
    });
  }
  return value;
}

export function asInteger(value: FormValue | undefined, param: string): number | undefined {
  const text = asString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(text)) {
    throw new StripeApiError(400, `Invalid integer: ${text}`, {
      code: 'parameter_invalid_integer',
      param,
    });
  }
  return Number(text);
}

function asObject(
  value: FormValue | undefined,
  param: string,
): Record<string, FormValue> | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new StripeApiError(400, `Invalid object`, { code: 'parameter_invalid_string', param });
  }
  return value;
}

function asArray(value: FormValue | undefined, param: string): FormValue[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw new StripeApiError(400, `Invalid array`, { code: 'parameter_invalid_array', param });
  }
  return value;
}

function checkUrl(value: string, param: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {}
  throw new StripeApiError(400, 'Not a valid URL', { code: 'url_invalid', param });
}

function checkMetadata(value: FormValue | undefined, param: string): Metadata {
  const object = asObject(value, param) ?? {};
  const entries = Object.entries(object);
  if (entries.length > 50) {
    throw new StripeApiError(400, 'Metadata can have at most 50 keys.', { param });
  }
  const out: Metadata = {};
  for (const [key, item] of entries) {
    const text = asString(item, `${param}[${key}]`) ?? '';
    if (key.length > 40) {
      throw new StripeApiError(400, 'Metadata keys can have up to 40 characters.', {
        param: `${param}[${key}]`,
      });
    }
    if (text.length > 500) {
      throw new StripeApiError(400, 'Metadata values can have up to 500 characters.', {
        param: `${param}[${key}]`,
      });
    }
    out[key] = text;
  }
  return out;
}

export function checkExpand(value: FormValue | undefined): string[] {
  return (asArray(value, 'expand') ?? []).map(
    (item, index) => asString(item, `expand[${index}]`) ?? '',
  );
}

/** A Checkout Session's create parameters, checked in the order Stripe checks them. */
export type SessionRequest = {
  currency: string | undefined;
  total: number;
  productName: string;
  successUrl: string;
  cancelUrl: string | undefined;
  clientReferenceId: string | undefined;
  email: string | undefined;
  locale: string | undefined;
  created: number;
  expiresAt: number;
  metadata: Metadata;
  intentMetadata: Metadata;
};

/** `POST /v1/checkout/sessions`' parameters, or the StripeApiError Stripe would answer. */
export function checkSessionParams(params: Record<string, FormValue>): SessionRequest {
  for (const key of Object.keys(params)) {
    if (!CREATE_PARAMS.has(key)) {
      throw new StripeApiError(400, `Received unknown parameter: ${key}`, {
        code: 'parameter_unknown',
        param: key,
      });
    }
  }
  const mode = asString(params.mode, 'mode');
  if (mode === undefined) throw missing('mode');
  if (mode !== 'payment') {
    throw new StripeApiError(
      400,
      mode === 'setup' || mode === 'subscription'
        ? `This emulator supports mode=payment only, not ${mode}.`
        : 'Invalid mode: must be one of payment, setup, or subscription',
      { code: 'parameter_invalid_string', param: 'mode' },
    );
  }
  const items = asArray(params.line_items, 'line_items');
  if (!items || items.length === 0) throw missing('line_items');
  let currency: string | undefined;
  let total = 0;
  let productName = '';
  items.forEach((raw, index) => {
    const at = `line_items[${index}]`;
    const item = asObject(raw, at) ?? {};
    if (item.price !== undefined) {
      const price = asString(item.price, `${at}[price]`) ?? '';
      throw noSuch('price', price, `${at}[price]`);
    }
    const priceData = asObject(item.price_data, `${at}[price_data]`);
    if (!priceData) throw missing(`${at}[price_data]`);
    const itemCurrency = asString(priceData.currency, `${at}[price_data][currency]`);
    if (!itemCurrency) throw missing(`${at}[price_data][currency]`);
    if (!/^[a-z]{3}$/.test(itemCurrency)) {
      throw new StripeApiError(400, `Invalid currency: ${itemCurrency}.`, {
        code: 'parameter_invalid_string',
        param: `${at}[price_data][currency]`,
      });
    }
    if (currency && currency !== itemCurrency) {
      throw new StripeApiError(400, 'All line items must use the same currency.', {
        param: 'line_items',
      });
    }
    currency = itemCurrency;
    const unitAmount = asInteger(priceData.unit_amount, `${at}[price_data][unit_amount]`);
    if (unitAmount === undefined) throw missing(`${at}[price_data][unit_amount]`);
    if (unitAmount < 0) {
      throw new StripeApiError(400, 'This value must be greater than or equal to 0.', {
        code: 'parameter_invalid_integer',
        param: `${at}[price_data][unit_amount]`,
      });
    }
    const productData = asObject(priceData.product_data, `${at}[price_data][product_data]`);
    const name = asString(productData?.name, `${at}[price_data][product_data][name]`);
    if (!name) throw missing(`${at}[price_data][product_data][name]`);
    const quantity = asInteger(item.quantity, `${at}[quantity]`);
    if (quantity === undefined) throw missing(`${at}[quantity]`);
    if (quantity < 1) {
      throw new StripeApiError(400, 'This value must be greater than or equal to 1.', {
        code: 'parameter_invalid_integer',
        param: `${at}[quantity]`,
      });
    }
    total += unitAmount * quantity;
    productName ||= quantity > 1 ? `${name} × ${quantity}` : name;
  });
  if (currency === 'usd' && total < 50) {
    throw new StripeApiError(
      400,
      "The Checkout Session's total amount due must add up to at least $0.50 usd",
      { code: 'amount_too_small' },
    );
  }
  const successUrl = asString(params.success_url, 'success_url');
  if (!successUrl) throw missing('success_url');
  checkUrl(successUrl, 'success_url');
  const cancelUrl = asString(params.cancel_url, 'cancel_url');
  if (cancelUrl !== undefined) checkUrl(cancelUrl, 'cancel_url');
  const clientReferenceId = asString(params.client_reference_id, 'client_reference_id');
  if (clientReferenceId !== undefined && clientReferenceId.length > 200) {
    throw new StripeApiError(400, 'client_reference_id can have up to 200 characters.', {
      param: 'client_reference_id',
    });
  }
  const email = asString(params.customer_email, 'customer_email');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new StripeApiError(400, `Invalid email address: ${email}`, {
      code: 'email_invalid',
      param: 'customer_email',
    });
  }
  const locale = asString(params.locale, 'locale');
  if (locale !== undefined && !STRIPE_LOCALES.has(locale)) {
    throw new StripeApiError(400, `Invalid locale: ${locale}`, {
      code: 'parameter_invalid_string',
      param: 'locale',
    });
  }
  const created = unixNow();
  const expiresAt = asInteger(params.expires_at, 'expires_at') ?? created + 24 * 3600;
  if (expiresAt > created + 24 * 3600) {
    throw new StripeApiError(
      400,
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      { code: 'parameter_invalid_integer', param: 'expires_at' },
    );
  }
  if (expiresAt < created + 30 * 60) {
    throw new StripeApiError(
      400,
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      { code: 'parameter_invalid_integer', param: 'expires_at' },
    );
  }
  const metadata = checkMetadata(params.metadata, 'metadata');
  const intentData = asObject(params.payment_intent_data, 'payment_intent_data') ?? {};
  const intentMetadata = checkMetadata(intentData.metadata, 'payment_intent_data[metadata]');
  return {
    currency,
    total,
    productName,
    successUrl,
    cancelUrl,
    clientReferenceId,
    email,
    locale,
    created,
    expiresAt,
    metadata,
    intentMetadata,
  };
}
