/**
 * The sign-in providers' own marks, drawn inline (no request, crisp at any size): Google's
 * four-colour G, Yandex's Я in its red circle and VK's logo on its blue tile. Decorative: the
 * button's text names the provider.
 */
export function ProviderMark({ provider }: { provider: 'google' | 'yandex' | 'vk' }) {
  const className = 'size-6! shrink-0';
  if (provider === 'google') {
    return (
      <svg
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
        className={className}
        data-mark={provider}
      >
        <circle cx="24" cy="24" r="24" fill="#fff" />
        <g transform="translate(9.6 9.6) scale(0.6)">
          <path
            fill="#EA4335"
            d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
          />
          <path
            fill="#FBBC05"
            d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
          />
        </g>
      </svg>
    );
  }
  if (provider === 'yandex') {
    return (
      <svg
        viewBox="0 0 44 44"
        aria-hidden="true"
        focusable="false"
        className={className}
        data-mark={provider}
      >
        <circle cx="22" cy="22" r="22" fill="#FC3F1D" />
        <path
          fill="#fff"
          d="M25.02 11.94h-2.15c-3.93 0-5.99 1.99-5.99 4.92 0 3.32 1.43 4.88 4.37 6.88l2.42 1.63-6.98 10.42h-5.22l6.26-9.32c-3.6-2.58-5.63-5.09-5.63-9.33 0-5.3 3.7-8.93 10.74-8.93h6.99v27.55h-4.81z"
        />
      </svg>
    );
  }
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-mark={provider}
    >
      <rect width="24" height="24" rx="6" fill="#0077FF" />
      <path
        fill="#fff"
        d="M12.77 17.29c-5.47 0-8.59-3.75-8.72-9.99h2.74c.09 4.58 2.11 6.52 3.71 6.92V7.3h2.58v3.95c1.58-.17 3.24-1.97 3.8-3.95h2.58c-.43 2.44-2.23 4.24-3.51 4.98 1.28.6 3.33 2.17 4.11 5.01h-2.84c-.61-1.9-2.13-3.37-4.14-3.57v3.57z"
      />
    </svg>
  );
}
