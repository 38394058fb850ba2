import {
  createHash,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  timingSafeEqual,
} from 'node:crypto';

/** The PKCE S256 transform: BASE64URL(SHA256(ASCII(code_verifier))) (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
export const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is a base64url SHA-256: exactly 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Compares secrets without leaking where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A numeric id derived from the provider and the e-mail, so the same person always gets the same
 * subject — even after the emulator restarts — as a real provider's account id would be.
 */
export function stableNumericId(seed: string, digits: number): string {
  const hash = BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`);
  const floor = 10n ** BigInt(digits - 1);
  return (floor + (hash % (9n * floor))).toString();
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half as a JWK, ready for a JWKS document. */
  jwk: Record<string, unknown>;
}

let shared: SigningKey | undefined;

/** One RSA key per process, made on first use: generating one takes a noticeable moment. */
export function signingKey(): SigningKey {
  shared ??= createSigningKey();
  return shared;
}

function createSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' });
  const kid = createHash('sha256')
    .update(`${jwk.n ?? ''}.${jwk.e ?? ''}`)
    .digest('base64url')
    .slice(0, 16);
  return { kid, privateKey, jwk: { ...jwk, kid, use: 'sig', alg: 'RS256' } };
}

/** A compact JWS (RS256) over the claims: the id_token a real OpenID provider would sign. */
export function signJwt(claims: Record<string, unknown>, key: SigningKey): string {
  const header = { alg: 'RS256', kid: key.kid, typ: 'JWT' };
  const input = `${encodeJson(header)}.${encodeJson(claims)}`;
  const signature = sign('sha256', Buffer.from(input), key.privateKey).toString('base64url');
  return `${input}.${signature}`;
}

/** OIDC Core §3.1.3.6: the left half of the SHA-256 of the access token, base64url. */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
}

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
