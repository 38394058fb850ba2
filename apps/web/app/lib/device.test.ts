import { describe, expect, it } from 'vitest';
import { prefersSameWindow } from './device';

const agents = {
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidWebview:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Safari/537.36',
  instagramIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Instagram 340.0.0.22.109',
  telegramDesktopWebview:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Telegram-Mac/11.2',
};

describe('prefersSameWindow (the device check of spec §2 /pricing)', () => {
  it('opens a new tab on desktop browsers and tablets', () => {
    expect(prefersSameWindow(agents.desktopChrome, false)).toBe(false);
    expect(prefersSameWindow(agents.macSafari, undefined)).toBe(false);
    expect(prefersSameWindow(agents.androidTablet, false)).toBe(false);
  });

  it('stays in the same window on phones', () => {
    expect(prefersSameWindow(agents.iphoneSafari, undefined)).toBe(true);
    expect(prefersSameWindow(agents.androidChrome, undefined)).toBe(true);
  });

  it('stays in the same window in in-app browsers, whatever the device', () => {
    expect(prefersSameWindow(agents.androidWebview, false)).toBe(true);
    expect(prefersSameWindow(agents.instagramIpad, false)).toBe(true);
    expect(prefersSameWindow(agents.telegramDesktopWebview, false)).toBe(true);
  });

  it('trusts the mobile client hint when the browser gives it', () => {
    expect(prefersSameWindow(agents.desktopChrome, true)).toBe(true);
  });
});
