import { pageConfigMeta } from '@kadr/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][] };

function configure(counter: string | null) {
  for (const meta of document.querySelectorAll('meta')) meta.remove();
  if (counter === null) return;
  const meta = document.createElement('meta');
  meta.name = pageConfigMeta.metrikaCounter;
  meta.content = counter;
  document.head.append(meta);
}

/** A fresh module per test: the counter starts once per page. */
async function load() {
  vi.resetModules();
  return import('./metrika');
}

const queued = () => (Reflect.get(window, 'ym') as Ym | undefined)?.a ?? [];
const tags = () => [...document.querySelectorAll('script')].map((script) => script.src);
const payment = { id: 'pay-1', amount: '1300.00', currency: 'RUB' };

describe('Metrika', () => {
  beforeEach(() => {
    localStorage.clear();
    Reflect.deleteProperty(window, 'ym');
    for (const script of document.querySelectorAll('script')) script.remove();
  });
  afterEach(() => configure(null));

  it('loads nothing and sends nothing without a counter', async () => {
    configure(null);
    const metrika = await load();
    metrika.reportPurchase(payment);
    expect(metrika.metrikaCounterId()).toBeNull();
    expect(tags()).toEqual([]);
    expect(Reflect.get(window, 'ym')).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('ignores a counter that is not a number', async () => {
    configure('123; alert(1)');
    const metrika = await load();
    metrika.reportPurchase(payment);
    expect(tags()).toEqual([]);
  });

  it('reports the purchase goal with its price and currency, loading the tag once', async () => {
    configure('98765');
    const metrika = await load();
    metrika.reportPurchase(payment);
    metrika.reportPurchase({ id: 'pay-2', amount: '12.99', currency: 'USD' });
    expect(tags()).toEqual(['https://mc.yandex.ru/metrika/tag.js']);
    expect(queued()).toEqual([
      [98765, 'init', expect.objectContaining({ webvisor: false })],
      [98765, 'reachGoal', 'purchase', { order_price: 1300, currency: 'RUB' }],
      [98765, 'reachGoal', 'purchase', { order_price: 12.99, currency: 'USD' }],
    ]);
  });

  it('reports each payment once, even after a reload', async () => {
    configure('98765');
    (await load()).reportPurchase(payment);
    // Another page load on this device: a new module, the same storage.
    Reflect.deleteProperty(window, 'ym');
    const again = await load();
    again.reportPurchase(payment);
    again.reportPurchase(payment);
    expect(queued().filter(([, method]) => method === 'reachGoal')).toEqual([]);
  });

  it('a failing tag is only logged', async () => {
    configure('98765');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const metrika = await load();
    Reflect.set(window, 'ym', () => {
      throw new Error('blocked');
    });
    metrika.reportPurchase(payment);
    expect(warn).toHaveBeenCalledWith('Metrika: reachGoal failed', expect.any(Error));
    // Not sent, so not remembered: the next chance reports it.
    expect(localStorage.getItem('kadr.reported-purchases')).toBeNull();
    warn.mockRestore();
  });
});
