/**
 * Whether to leave this page for another site in the same window rather than a new tab: phones
 * (a new tab there is a tab switcher away, and the way back is lost) and in-app browsers (the
 * webviews of Telegram, VK, Instagram…, which often cannot open a second tab at all).
 */
export function prefersSameWindow(
  userAgent: string = navigator.userAgent,
  mobileHint: boolean | undefined = userAgentMobileHint(),
): boolean {
  if (mobileHint === true) return true;
  return phoneAgent.test(userAgent) || inAppAgent.test(userAgent);
}

// 'Mobi' is what every phone browser puts in its user agent (Mozilla's advice); Android phones
// say 'Mobile', tablets do not. iPhones and iPods name themselves.
const phoneAgent = /Mobi|iPhone|iPod|Windows Phone|Android.+Mobile/i;

// Android webviews mark themselves '; wv)'; the apps that wrap one add their own names.
const inAppAgent =
  /; wv\)|FBAN|FBAV|FB_IAB|Instagram|Line\/|Telegram|VKClient|vkontakte|OKApp|YaApp|YaBrowser.+Mobile|WhatsApp|Twitter|TikTok|BytedanceWebview|musical_ly|MicroMessenger|Snapchat|Pinterest/i;

/** Client hints (Chromium): `navigator.userAgentData.mobile`, when the browser offers it. */
function userAgentMobileHint(): boolean | undefined {
  const data: unknown = Reflect.get(navigator, 'userAgentData');
  if (typeof data !== 'object' || data === null) return undefined;
  const mobile: unknown = Reflect.get(data, 'mobile');
  return typeof mobile === 'boolean' ? mobile : undefined;
}
