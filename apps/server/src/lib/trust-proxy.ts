/** Which proxies' X-Forwarded-For the server believes (TRUST_PROXY, config.ts). */
export type TrustProxy = boolean | { hops: number } | { addresses: readonly string[] };

/** Fastify's own trust function: is the address at this hop (0: the socket's peer) a proxy of ours? */
type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. A hop count becomes a function: Fastify 5.12
 * reads a bare number as "trust nobody" (a count cannot tell a proxy from a client that reached
 * the node directly), which would make every client the proxy's own address. So a count is for
 * nodes only the proxy can reach (compose.yaml publishes no node's port); a node others can reach
 * lists its proxies' addresses instead.
 */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | TrustFunction {
  if (typeof setting === 'boolean') return setting;
  if ('addresses' in setting) return [...setting.addresses];
  const { hops } = setting;
  // The peer and the hops - 1 entries of X-Forwarded-For nearest to it are proxies; the entry after
  // them, which the farthest trusted proxy wrote, is the client.
  return (_address, hop) => hop < hops;
}
