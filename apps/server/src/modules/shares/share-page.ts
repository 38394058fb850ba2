import type { Locale } from '../../lib/locale.ts';
import type { SharedResult } from './share.repository.ts';

const texts = {
  ru: {
    lang: 'ru',
    title: (model: string) => `Создано в Kadr · ${model}`,
    description: 'Изображение или видео, созданное ИИ в Kadr.',
    made: 'Создано в Kadr с моделью',
    prompt: 'Промпт',
    cta: 'Создать своё в Kadr',
    alt: 'Результат генерации',
    gone: 'Ссылка больше не работает',
    goneText: 'Автор закрыл доступ к этому результату, или ссылки не было.',
    home: 'На главную Kadr',
  },
  en: {
    lang: 'en',
    title: (model: string) => `Made with Kadr · ${model}`,
    description: 'An AI image or video made with Kadr.',
    made: 'Made with Kadr using',
    prompt: 'Prompt',
    cta: 'Make your own with Kadr',
    alt: 'A generated result',
    gone: 'This link no longer works',
    goneText: 'Its owner has stopped sharing this result, or there was no such link.',
    home: 'Go to Kadr',
  },
} as const;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const style = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;background:#0a0a0c;color:#f4f4f5;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;flex-direction:column;align-items:center}
header{width:100%;max-width:960px;padding:16px 20px;display:flex;align-items:center;justify-content:space-between}
a.brand{color:#f4f4f5;text-decoration:none;font-weight:700;font-size:18px}
main{width:100%;max-width:960px;padding:0 20px 40px;display:flex;flex-direction:column;gap:16px}
.media{border-radius:16px;overflow:hidden;background:#000;border:1px solid #27272a}
.media img,.media video{display:block;width:100%;height:auto;max-height:75vh;object-fit:contain}
p{margin:0}.muted{color:#a1a1aa;font-size:14px}.prompt{white-space:pre-wrap;overflow-wrap:anywhere}
a.cta{align-self:flex-start;background:#7c3aed;color:#fff;text-decoration:none;padding:12px 20px;border-radius:12px;font-weight:600}
a.cta:focus-visible,a.brand:focus-visible{outline:2px solid #c4b5fd;outline-offset:2px}`;

/**
 * The site's icon, the one the web app's pages name: from this origin, so the page's strict CSP
 * (`img-src 'self'`) lets it load; without a link a browser asks for /favicon.ico, which is none.
 */
const icon = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';

function page(locale: Locale, head: string, body: string): string {
  return `<!doctype html><html lang="${texts[locale].lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">${icon}${head}<style>${style}</style></head><body>${body}</body></html>`;
}

/** The page of a live share link: only the output, the model and (if the owner chose) the prompt. */
export function sharePage(
  shared: SharedResult & { modelName: string },
  options: { locale: Locale; publicUrl: string },
): string {
  const t = texts[options.locale];
  const base = `${options.publicUrl}/s/${shared.token}`;
  const home = `${options.publicUrl}/?ref=${shared.ownerId}`;
  const title = t.title(shared.modelName);
  const description =
    shared.showPrompt && shared.prompt ? shared.prompt.slice(0, 200) : t.description;
  const hasPoster = shared.files.some((file) => file.kind !== 'output');
  const picture =
    shared.type === 'video' ? (hasPoster ? `${base}/poster` : undefined) : `${base}/media`;
  const output = shared.files.find((file) => file.kind === 'output' && file.position === 0);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="${shared.type === 'video' ? 'video.other' : 'website'}">`,
    `<meta property="og:site_name" content="Kadr">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(base)}">`,
    picture ? `<meta property="og:image" content="${escapeHtml(picture)}">` : '',
    output?.width ? `<meta property="og:image:width" content="${output.width}">` : '',
    output?.height ? `<meta property="og:image:height" content="${output.height}">` : '',
    shared.type === 'video'
      ? `<meta property="og:video" content="${escapeHtml(`${base}/media`)}">`
      : '',
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    picture ? `<meta name="twitter:image" content="${escapeHtml(picture)}">` : '',
  ].join('');
  const size =
    output?.width && output.height ? ` width="${output.width}" height="${output.height}"` : '';
  const media =
    shared.type === 'video'
      ? `<video controls playsinline preload="metadata"${hasPoster ? ` poster="${base}/poster"` : ''}${size} src="${base}/media"></video>`
      : `<img src="${base}/media" alt="${escapeHtml(t.alt)}"${size}>`;
  const body = `<header><a class="brand" href="${escapeHtml(home)}">Kadr</a></header><main><div class="media">${media}</div><p class="muted">${escapeHtml(t.made)} ${escapeHtml(shared.modelName)}</p>${
    shared.showPrompt && shared.prompt
      ? `<div><p class="muted">${escapeHtml(t.prompt)}</p><p class="prompt" data-prompt>${escapeHtml(shared.prompt)}</p></div>`
      : ''
  }<a class="cta" href="${escapeHtml(home)}">${escapeHtml(t.cta)}</a></main>`;
  return page(options.locale, head, body);
}

/** What an unknown or revoked link answers (with 404). */
export function goneSharePage(options: { locale: Locale; publicUrl: string }): string {
  const t = texts[options.locale];
  return page(
    options.locale,
    `<title>${escapeHtml(t.gone)} · Kadr</title>`,
    `<header><a class="brand" href="${escapeHtml(options.publicUrl)}/">Kadr</a></header><main><h1>${escapeHtml(t.gone)}</h1><p class="muted">${escapeHtml(t.goneText)}</p><a class="cta" href="${escapeHtml(options.publicUrl)}/">${escapeHtml(t.home)}</a></main>`,
  );
}
