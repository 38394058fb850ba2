import { z } from 'zod';

/** A request YooKassa would refuse: its `parameter` and `description`. */
export type Refusal = { parameter: string; description: string };

const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;

/** '1300.00' → 130000; undefined when not a decimal string of at most two fraction digits. */
function toMinor(value: string): number | undefined {
  if (!DECIMAL.test(value)) return undefined;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function fromMinor(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

const amountSchema = z.object({ value: z.string(), currency: z.string() });

const PAYMENT_MODES = [
  'full_prepayment',
  'partial_prepayment',
  'advance',
  'full_payment',
  'partial_payment',
  'credit',
  'credit_payment',
] as const;

const PAYMENT_SUBJECTS = [
  'commodity',
  'excise',
  'job',
  'service',
  'gambling_bet',
  'gambling_prize',
  'lottery',
  'lottery_prize',
  'intellectual_activity',
  'payment',
  'agent_commission',
  'composite',
  'another',
] as const;

/**
 * `measure` (tag 2108 of 54-FZ): the unit of the item's quantity, required with "Чеки от ЮKassa"
 * or an online register on FFD 1.2. Values as YooKassa's official SDKs list them
 * (yookassa-sdk-php `ReceiptItemMeasure`, yookassa-sdk-python `ReceiptItemMeasure`; reference:
 * https://yookassa.ru/developers/payment-acceptance/receipts/54fz/yoomoney/parameters-values#measure).
 */
const RECEIPT_ITEM_MEASURES = [
  'piece',
  'gram',
  'kilogram',
  'ton',
  'centimeter',
  'decimeter',
  'meter',
  'square_centimeter',
  'square_decimeter',
  'square_meter',
  'milliliter',
  'liter',
  'cubic_meter',
  'kilowatt_hour',
  'gigacalorie',
  'day',
  'hour',
  'minute',
  'second',
  'kilobyte',
  'megabyte',
  'gigabyte',
  'terabyte',
  'another',
] as const;

const receiptSchema = z.object({
  customer: z
    .object({
      email: z.email().optional(),
      phone: z
        .string()
        .regex(/^\+?\d{7,15}$/)
        .optional(),
      full_name: z.string().max(256).optional(),
      inn: z
        .string()
        .regex(/^\d{10}(\d{2})?$/)
        .optional(),
    })
    .optional(),
  items: z
    .array(
      z.object({
        description: z.string().min(1).max(128),
        quantity: z.union([z.string(), z.number()]),
        amount: amountSchema,
        vat_code: z.number().int().min(1).max(12),
        payment_mode: z.enum(PAYMENT_MODES),
        payment_subject: z.enum(PAYMENT_SUBJECTS),
        measure: z.enum(RECEIPT_ITEM_MEASURES).optional(),
      }),
    )
    .min(1)
    .max(100),
  tax_system_code: z.number().int().min(1).max(6).optional(),
  email: z.email().optional(),
  phone: z.string().optional(),
});

const createPaymentSchema = z.object({
  amount: amountSchema,
  description: z.string().max(128).optional(),
  capture: z.boolean().optional(),
  confirmation: z
    .object({
      type: z.literal('redirect'),
      return_url: z.url({ protocol: /^https?$/ }).max(2048),
      locale: z.enum(['ru_RU', 'en_US']).optional(),
    })
    .optional(),
  metadata: z.record(z.string().max(32), z.string().max(512)).optional(),
  receipt: z.unknown().optional(),
  merchant_customer_id: z.string().max(200).optional(),
});

const createRefundSchema = z.object({
  payment_id: z.string().min(1),
  amount: amountSchema,
  description: z.string().max(250).optional(),
  receipt: z.unknown().optional(),
});

export type CreatePaymentRequest = {
  amountMinor: number;
  currency: 'RUB';
  description: string | undefined;
  capture: boolean;
  returnUrl: string | undefined;
  locale: string | undefined;
  metadata: Record<string, string> | undefined;
  receipt: z.output<typeof receiptSchema> | undefined;
};

export type CreateRefundRequest = {
  paymentId: string;
  amountMinor: number;
  description: string | undefined;
  receipt: z.output<typeof receiptSchema> | undefined;
};

function pathOf(issue: z.core.$ZodIssue, prefix = ''): string {
  let path = prefix;
  for (const key of issue.path) {
    path += typeof key === 'number' ? `[${key}]` : `${path ? '.' : ''}${String(key)}`;
  }
  return path;
}

function issueRefusal(error: z.ZodError, prefix = ''): Refusal {
  const issue = error.issues[0];
  if (!issue) return { parameter: prefix || 'body', description: 'Invalid request' };
  const parameter = pathOf(issue, prefix) || 'body';
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  return {
    parameter,
    description: missing
      ? `Parameter ${parameter} is missing`
      : `Invalid value of parameter ${parameter}: ${issue.message}`,
  };
}

function checkAmount(
  amount: { value: string; currency: string },
  parameter: string,
): Refusal | number {
  const minor = toMinor(amount.value);
  if (minor === undefined) {
    return {
      parameter: `${parameter}.value`,
      description: `Invalid value of parameter ${parameter}.value: a decimal string such as 100.00 is expected`,
    };
  }
  if (minor <= 0) {
    return {
      parameter: `${parameter}.value`,
      description: `Invalid value of parameter ${parameter}.value: the amount must be greater than 0`,
    };
  }
  if (amount.currency !== 'RUB') {
    return {
      parameter: `${parameter}.currency`,
      description: `Invalid value of parameter ${parameter}.currency: this shop accepts RUB only`,
    };
  }
  return minor;
}

/** Kopecks of `quantity × price`, rounded as the receipt is printed. */
function itemTotalMinor(quantity: string | number, priceMinor: number): number | undefined {
  const value = typeof quantity === 'number' ? quantity : Number(quantity);
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return Math.round(value * priceMinor);
}

/**
 * A receipt for `amountMinor` (a payment's or a refund's). `ffd12`: the shop sends receipts under
 * FFD 1.2, where every item needs its `measure`.
 */
function checkReceipt(
  receipt: unknown,
  amountMinor: number,
  ffd12: boolean,
): Refusal | CreatePaymentRequest['receipt'] {
  const parsed = receiptSchema.safeParse(receipt);
  if (!parsed.success) return issueRefusal(parsed.error, 'receipt');
  const value = parsed.data;
  if (ffd12) {
    const index = value.items.findIndex((item) => item.measure === undefined);
    if (index >= 0) {
      const parameter = `receipt.items[${index}].measure`;
      return {
        parameter,
        description: `Parameter ${parameter} is missing: it is required with receipts under FFD 1.2`,
      };
    }
  }
  const email = value.customer?.email ?? value.email;
  const phone = value.customer?.phone ?? value.phone;
  if (!email && !phone) {
    return {
      parameter: 'receipt.customer',
      description:
        'The receipt needs the customer e-mail or phone (receipt.customer.email or receipt.customer.phone)',
    };
  }
  let total = 0;
  for (const [index, item] of value.items.entries()) {
    const price = checkAmount(item.amount, `receipt.items[${index}].amount`);
    if (typeof price !== 'number') return price;
    const line = itemTotalMinor(item.quantity, price);
    if (line === undefined) {
      return {
        parameter: `receipt.items[${index}].quantity`,
        description: `Invalid value of parameter receipt.items[${index}].quantity: a positive number is expected`,
      };
    }
    total += line;
  }
  if (total !== amountMinor) {
    return {
      parameter: 'receipt.items',
      description: `The sum of the receipt items (${fromMinor(total)}) is not equal to the payment amount (${fromMinor(amountMinor)})`,
    };
  }
  return value;
}

export function parseCreatePayment(
  body: unknown,
  receiptsRequired: boolean,
): { ok: true; request: CreatePaymentRequest } | { ok: false; refusal: Refusal } {
  const parsed = createPaymentSchema.safeParse(body ?? {});
  if (!parsed.success) return { ok: false, refusal: issueRefusal(parsed.error) };
  const data = parsed.data;
  const amountMinor = checkAmount(data.amount, 'amount');
  if (typeof amountMinor !== 'number') return { ok: false, refusal: amountMinor };
  if (!data.confirmation) {
    // The emulator hosts a redirect page only; other confirmation types need the widget or an app.
    return {
      ok: false,
      refusal: { parameter: 'confirmation', description: 'Parameter confirmation is missing' },
    };
  }
  if (data.metadata && Object.keys(data.metadata).length > 16) {
    return {
      ok: false,
      refusal: { parameter: 'metadata', description: 'Metadata may hold at most 16 keys' },
    };
  }
  let receipt: CreatePaymentRequest['receipt'];
  if (data.receipt !== undefined) {
    const checked = checkReceipt(data.receipt, amountMinor, receiptsRequired);
    if (checked && 'parameter' in checked) return { ok: false, refusal: checked };
    receipt = checked;
  } else if (receiptsRequired) {
    return {
      ok: false,
      refusal: {
        parameter: 'receipt',
        description:
          'Receipt is missing or illegal: this shop sends receipts (54-FZ), so each payment needs one',
      },
    };
  }
  return {
    ok: true,
    request: {
      amountMinor,
      currency: 'RUB',
      description: data.description,
      capture: data.capture ?? false,
      returnUrl: data.confirmation.return_url,
      locale: data.confirmation.locale,
      metadata: data.metadata,
      receipt,
    },
  };
}

export function parseCreateRefund(
  body: unknown,
  receiptsRequired: boolean,
): { ok: true; request: CreateRefundRequest } | { ok: false; refusal: Refusal } {
  const parsed = createRefundSchema.safeParse(body ?? {});
  if (!parsed.success) return { ok: false, refusal: issueRefusal(parsed.error) };
  const amountMinor = checkAmount(parsed.data.amount, 'amount');
  if (typeof amountMinor !== 'number') return { ok: false, refusal: amountMinor };
  // A refund receipt is checked as a payment's is, against the refunded amount.
  let receipt: CreateRefundRequest['receipt'];
  if (parsed.data.receipt !== undefined) {
    const checked = checkReceipt(parsed.data.receipt, amountMinor, receiptsRequired);
    if (checked && 'parameter' in checked) return { ok: false, refusal: checked };
    receipt = checked;
  }
  return {
    ok: true,
    request: {
      paymentId: parsed.data.payment_id,
      amountMinor,
      description: parsed.data.description,
      receipt,
    },
  };
}
