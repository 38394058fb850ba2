import '~/locales/auth';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, i18nFor } from './i18n';
import { I18nProvider, Trans, useTranslation } from './use-translation';

/** Trans gives it the words as children, as the sign-in page's legal links get them. */
function Link({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

function Consent() {
  const { t } = useTranslation('auth');
  return (
    <p data-testid="consent">
      <Trans
        text={t('login.consent')}
        components={{
          terms: <Link href="/terms-of-use" />,
          privacy: <Link href="/privacy-policy" />,
        }}
      />
    </p>
  );
}

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('ru'));
});

describe('Trans', () => {
  it('puts the tagged words into their elements and keeps the rest as text', () => {
    render(<Consent />);
    const terms = screen.getByRole('link', { name: 'пользовательское соглашение' });
    expect(terms.getAttribute('href')).toBe('/terms-of-use');
    const privacy = screen.getByRole('link', { name: 'политику конфиденциальности' });
    expect(privacy.getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByTestId('consent').textContent).toBe(
      'Продолжая, вы принимаете пользовательское соглашение и политику конфиденциальности.',
    );
  });

  it('refuses a tag it has no element for', () => {
    // Called as the function it is: a render that throws would also log through React.
    expect(() => Trans({ text: 'see <faq>the answers</faq>', components: {} })).toThrow(
      /no component for <faq>/,
    );
  });
});

describe('useTranslation', () => {
  it('re-renders in the language the person switches to', async () => {
    render(<Consent />);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('consent').textContent).toBe(
      'By continuing you accept the terms of use and the privacy policy.',
    );
  });

  it('speaks a provider’s fixed language whatever the app’s is', () => {
    render(
      <I18nProvider i18n={i18nFor('en')}>
        <Consent />
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe(
      '/terms-of-use',
    );
  });
});
