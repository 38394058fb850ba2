import type { PageLocale, Person } from './people.ts';

/** How one provider's pages look: its name and colours, so a person knows where they are. */
export interface Brand {
  /** The provider's name as shown in text, per page language. */
  name: Record<PageLocale, string>;
  /** Trusted, constant markup for the logo (decorative; the heading names the provider). */
  logo: string;
  background: string;
  accent: string;
  accentText: string;
  radius: string;
}

export const brands = {
  google: {
    name: { en: 'Google', ru: 'Google' },
    logo:
      '<span class="wordmark"><span style="color:#4285f4">G</span><span style="color:#ea4335">o</span>' +
      '<span style="color:#fbbc05">o</span><span style="color:#4285f4">g</span>' +
      '<span style="color:#34a853">l</span><span style="color:#ea4335">e</span></span>',
    background: '#f0f4f9',
    accent: '#0b57d0',
    accentText: '#ffffff',
    radius: '999px',
  },
  yandex: {
    name: { en: 'Yandex ID', ru: 'Яндекс ID' },
    logo: '<span class="wordmark"><span style="color:#fc3f1d">Я</span>ндекс <span class="tag">ID</span></span>',
    background: '#f2f3f5',
    accent: '#ffcc00',
    accentText: '#000000',
    radius: '12px',
  },
  vk: {
    name: { en: 'VK ID', ru: 'VK ID' },
    logo: '<span class="wordmark"><span class="badge">VK</span> ID</span>',
    background: '#ebedf0',
    accent: '#0060d0',
    accentText: '#ffffff',
    radius: '10px',
  },
} satisfies Record<string, Brand>;

const texts = {
  en: {
    title: 'Sign in',
    subtitle: (client: string) => `to continue to ${client}`,
    notice: (provider: string) =>
      `This is a local stand-in for ${provider}: no real account is used and nothing leaves this computer.`,
    name: 'Name',
    email: 'E-mail',
    continue: 'Continue',
    cancel: 'Cancel',
    fixErrors: 'Please correct the highlighted fields.',
    badRequest: 'This sign-in request cannot be completed',
    badRequestHint: 'Go back to the site and try again.',
  },
  ru: {
    title: 'Вход',
    subtitle: (client: string) => `чтобы продолжить в ${client}`,
    notice: (provider: string) =>
      `Это локальная замена ${provider}: настоящий аккаунт не используется, данные никуда не уходят.`,
    name: 'Имя',
    email: 'Электронная почта',
    continue: 'Продолжить',
    cancel: 'Отмена',
    fixErrors: 'Исправьте отмеченные поля.',
    badRequest: 'Этот запрос на вход нельзя выполнить',
    badRequestHint: 'Вернитесь на сайт и попробуйте ещё раз.',
  },
} as const;

/** The page language: Russian for people whose browser prefers it, English otherwise. */
export function pageLocale(acceptLanguage: string | undefined): PageLocale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ru') ? 'ru' : 'en';
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface SignInPage {
  brand: Brand;
  locale: PageLocale;
  clientName: string;
  /** Where the form posts (this same endpoint). */
  action: string;
  /** The authorization request, carried through the form and checked again on submit. */
  hidden: Record<string, string>;
  person: Person;
  /** Where 'Cancel' goes: the client's redirect URI with error=access_denied. */
  cancelUrl: string;
  errors?: Partial<Record<keyof Person, string>>;
}

export function renderSignInPage(page: SignInPage): string {
  const t = texts[page.locale];
  const hidden = Object.entries(page.hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n        ');
  const field = (name: keyof Person, label: string, type: string, autocomplete: string) => {
    const error = page.errors?.[name];
    const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
    return `<div class="field">
          <label for="${name}">${label}</label>
          <input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required maxlength="${name === 'email' ? 254 : 100}" value="${escapeHtml(page.person[name])}"${described}>
          ${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
        </div>`;
  };
  const body = `<main class="card" aria-labelledby="title">
      <div class="logo" aria-hidden="true">${page.brand.logo}</div>
      <h1 id="title">${t.title}</h1>
      <p class="subtitle">${escapeHtml(t.subtitle(page.clientName))}</p>
      ${page.errors ? `<p class="error" role="alert">${t.fixErrors}</p>` : ''}
      <form method="post" action="${escapeHtml(page.action)}">
        ${hidden}
        ${field('name', t.name, 'text', 'name')}
        ${field('email', t.email, 'email', 'email')}
        <div class="actions">
          <a class="secondary" href="${escapeHtml(page.cancelUrl)}">${t.cancel}</a>
          <button type="submit" class="primary">${t.continue}</button>
        </div>
      </form>
      <p class="notice">${escapeHtml(t.notice(page.brand.name[page.locale]))}</p>
    </main>`;
  return layout(page.brand, page.locale, `${t.title} – ${page.brand.name[page.locale]}`, body);
}

export function renderErrorPage(
  brand: Brand,
  locale: PageLocale,
  error: string,
  description: string,
): string {
  const t = texts[locale];
  const body = `<main class="card" aria-labelledby="title">
      <div class="logo" aria-hidden="true">${brand.logo}</div>
      <h1 id="title">${t.badRequest}</h1>
      <p class="subtitle"><code>${escapeHtml(error)}</code>: ${escapeHtml(description)}</p>
      <p class="notice">${t.badRequestHint}</p>
    </main>`;
  return layout(brand, locale, `${t.badRequest} – ${brand.name[locale]}`, body);
}

function layout(brand: Brand, locale: PageLocale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:,">
    <style>
      *, *::before, *::after { box-sizing: border-box; }
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px;
        background: ${brand.background}; color: #1f1f1f;
        font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
      .card { width: 100%; max-width: 420px; background: #fff; border-radius: 24px; padding: 36px 32px;
        box-shadow: 0 1px 3px rgb(0 0 0 / 0.08), 0 8px 24px rgb(0 0 0 / 0.06); }
      .logo { font-size: 24px; font-weight: 600; margin-bottom: 16px; }
      .wordmark { letter-spacing: -0.01em; }
      .tag { font-weight: 400; }
      .badge { display: inline-grid; place-items: center; width: 36px; height: 36px; border-radius: 10px;
        background: #0060d0; color: #fff; font-size: 15px; font-weight: 700; vertical-align: middle; }
      h1 { font-size: 28px; font-weight: 500; line-height: 1.25; margin: 0 0 4px; }
      .subtitle { margin: 0 0 24px; color: #444; }
      form { display: grid; gap: 16px; }
      .field { display: grid; gap: 6px; }
      label { font-size: 14px; font-weight: 500; color: #333; }
      input { font: inherit; padding: 12px 14px; border: 1px solid #747775; border-radius: 8px; width: 100%;
        color: inherit; background: #fff; }
      input:focus-visible { outline: 3px solid ${brand.accent}; outline-offset: 1px; border-color: transparent; }
      input[aria-invalid="true"] { border-color: #b3261e; }
      .error { color: #b3261e; font-size: 14px; margin: 0; }
      .actions { display: flex; justify-content: flex-end; align-items: center; gap: 12px; margin-top: 8px; }
      .primary, .secondary { font: inherit; font-weight: 500; padding: 10px 24px; border-radius: ${brand.radius};
        cursor: pointer; text-decoration: none; border: 1px solid transparent; }
      .primary { background: ${brand.accent}; color: ${brand.accentText}; }
      .secondary { color: #1f1f1f; background: transparent; border-color: #c4c7c5; }
      .primary:hover { filter: brightness(0.95); }
      .secondary:hover { background: #f3f3f3; }
      .primary:focus-visible, .secondary:focus-visible { outline: 3px solid #1f1f1f; outline-offset: 2px; }
      .notice { margin: 24px 0 0; font-size: 13px; color: #555; }
    </style>
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}
