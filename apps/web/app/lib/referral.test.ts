import { afterEach, describe, expect, it } from 'vitest';
import { captureReferral, referralLink } from './referral';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookies.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

describe('captureReferral', () => {
  afterEach(() => {
    localStorage.clear();
    clearCookies();
  });

  it('remembers a user id in local storage and in the cookie the server reads', () => {
    captureReferral(`?ref=${id}`);
    expect(localStorage.getItem('kadr.ref')).toBe(id);
    expect(document.cookie).toContain(`kadr_ref=${id}`);
  });

  it('reads the referral parameter too, by the same rules (issue 33)', () => {
    captureReferral(`?referral=${id.toUpperCase()}`);
    expect(localStorage.getItem('kadr.ref')).toBe(id);
    expect(document.cookie).toContain(`kadr_ref=${id}`);
  });

  it('keeps the earlier referral when the address has none or a bogus one', () => {
    captureReferral(`?ref=${id}`);
    captureReferral('?ref=not-a-user');
    captureReferral('?tab=video');
    expect(localStorage.getItem('kadr.ref')).toBe(id);
  });
});

describe('referralLink', () => {
  it('points at the home page in the language given, with the ref parameter', () => {
    expect(referralLink('https://kadr.example', id, 'ru')).toBe(`https://kadr.example/?ref=${id}`);
    expect(referralLink('https://kadr.example', id, 'en')).toBe(
      `https://kadr.example/en?ref=${id}`,
    );
  });
});
