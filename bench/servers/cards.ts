// The card renderer (@kadr/cards, issue #36) in a process of its own with --expose-gc: one
// Wildberries card of 900 × 1200 with a cut-out and full text (title, five bullets, badge, four
// callouts), rendered one at a time after a warm-up, from the picture's bytes to the JPEG's; then a
// set of 30 slides (the most a set holds) rendered as the export renders it, two at a time; then the
// check's reading of QR codes and barcodes off one drawn card (`findCodes`). Memory:
// the process's peak RSS (the kernel's high-water mark, reset before each part) above its RSS at
// the start of the part. CPU: the process's own (all its threads, libvips' included), which does
// not grow with what else the machine runs as the wall time does. Answers `{ type: 'run' }` over the IPC channel with every figure.
import { readFileSync, writeFileSync } from 'node:fs';
import { type CardRenderInput, findCodes, renderCard, renderCardSet } from '@kadr/cards';
import { getCardScene, getMarketplacePreset } from '@kadr/catalog';
import type { BrandKit, Slide } from '@kadr/contract';
import sharp from 'sharp';

const gc = (globalThis as { gc?: () => void }).gc;
const renders = Number(process.env.BENCH_CARD_RENDERS ?? 60);
const warmup = 8;
const codeReads = Number(process.env.BENCH_CARD_CODE_READS ?? 20);

const preset = getMarketplacePreset('wildberries');
const backdrop = getCardScene('studio-white');
if (!preset || !backdrop) throw new Error('the catalogue lacks wildberries or studio-white');

// A cut-out as the background tool returns it: a 1024 × 1280 PNG, a bottle on transparency.
const bottle = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1280">
  <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1d6fa5"/>
  <stop offset="0.45" stop-color="#5fb3e6"/><stop offset="1" stop-color="#13507a"/></linearGradient></defs>
  <rect x="430" y="90" width="165" height="110" rx="16" fill="#222"/>
  <path d="M445 200h135v70c0 36 110 70 110 165v650c0 48-36 72-72 72H407c-36 0-72-24-72-72V435c0-95 110-129 110-165z" fill="url(#g)"/>
  <rect x="360" y="520" width="305" height="360" rx="12" fill="#fff" fill-opacity="0.9"/></svg>`;
const picture = await sharp(Buffer.from(bottle)).png().toBuffer();

const kit: BrandKit = {
  font: 'manrope',
  colours: { text: '#1b2430', accent: '#2f6fde', panel: '#ffffff' },
  logo: null,
  badgeStyle: 'pill',
};
const slide = (kind: Slide['kind']): Slide => ({
  kind,
  picture: 'cutout',
  title: 'Бутылка для воды спортивная с герметичной крышкой, 750 мл',
  bullets: [
    { text: 'Герметичная крышка: не протекает в сумке', icon: 'shield' },
    { text: 'Тритан без BPA, не впитывает запахи', icon: 'leaf' },
    { text: 'Двойные стенки держат холод до 12 часов', icon: 'snowflake' },
    { text: 'Лёгкая: всего 180 г', icon: 'bolt' },
    { text: 'Можно мыть в посудомоечной машине', icon: 'drop' },
  ],
  badge: 'Без BPA',
  callouts: [
    { label: 'Объём', value: '750 мл' },
    { label: 'Высота', value: '26 см' },
    { label: 'Вес', value: '180 г' },
    { label: 'Материал', value: 'Тритан' },
  ],
  logo: false,
});
const input = (kind: Slide['kind'], index: number, count: number): CardRenderInput => ({
  preset,
  slide: slide(kind),
  kit,
  index,
  count,
  // A copy, as each render gets the bytes read from storage: nothing is reused across renders.
  picture: Buffer.from(picture),
  pictureKind: 'cutout',
  backdrop,
  logo: null,
});

/** The kernel's peak RSS of this process (VmHWM), reset to the current RSS first when asked. */
function peakRss(reset = false): number {
  if (reset) writeFileSync('/proc/self/clear_refs', '5');
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

async function oneCard() {
  for (let i = 0; i < warmup; i++) await renderCard(input('main', 0, 5));
  gc?.();
  const start = process.memoryUsage().rss;
  peakRss(true);
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < renders; i++) {
    const started = process.hrtime.bigint();
    const used = process.cpuUsage();
    const card = await renderCard(input('main', 0, 5));
    const spent = process.cpuUsage(used);
    times.push(ms(started));
    cpu.push((spent.user + spent.system) / 1000);
    bytes = card.bytes;
  }
  return { times, cpu, bytes, rssPeakGrowth: peakRss() - start, rssStart: start };
}

async function fullSet() {
  const kinds: Slide['kind'][] = ['main', 'features', 'sizes', 'in-use', 'details'];
  const inputs = Array.from({ length: preset?.slides.max ?? 30 }, (_, i) =>
    input(kinds[i % kinds.length] ?? 'main', i, 30),
  );
  gc?.();
  const start = process.memoryUsage().rss;
  peakRss(true);
  const started = process.hrtime.bigint();
  const used = process.cpuUsage();
  let bytes = 0;
  let cards = 0;
  await renderCardSet(inputs, (card) => {
    bytes += card.bytes;
    cards++;
  });
  const spent = process.cpuUsage(used);
  return {
    ms: ms(started),
    cpuMs: (spent.user + spent.system) / 1000,
    cards,
    bytes,
    rssPeakGrowth: peakRss() - start,
    rssStart: start,
  };
}

/**
 * The card check's reading of codes (issue #50): `findCodes` over one drawn 900 × 1200 card, as the
 * check reads each slide it has not read before, one at a time after a warm-up.
 */
async function codesOfCard() {
  const card = await renderCard(input('main', 0, 5));
  for (let i = 0; i < 3; i++) await findCodes(card.data);
  const times: number[] = [];
  const cpu: number[] = [];
  let found = 0;
  for (let i = 0; i < codeReads; i++) {
    const started = process.hrtime.bigint();
    const used = process.cpuUsage();
    found = (await findCodes(card.data)).length;
    const spent = process.cpuUsage(used);
    times.push(ms(started));
    cpu.push((spent.user + spent.system) / 1000);
  }
  return { times, cpu, found };
}

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'run') return;
  void (async () => {
    const card = await oneCard();
    const set = await fullSet();
    const codes = await codesOfCard();
    process.send?.({ type: 'run', renders, card, set, codes, collected: gc !== undefined });
  })().catch((error: unknown) => {
    process.send?.({ type: 'run', error: String(error) });
  });
});

process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.on('SIGTERM', () => process.exit(0));
