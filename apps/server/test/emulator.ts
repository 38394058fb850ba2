/**
 * Every prediction the Replicate emulator at `baseUrl` (its `/v1`) was asked for, counted by the
 * request its webhook address names.
 */
export async function predictionsByRequest(
  baseUrl: string,
  token: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let url: string | null = `${baseUrl}/predictions`;
  while (url) {
    const res: Response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const page = (await res.json()) as { next: string | null; results: { webhook?: string }[] };
    for (const prediction of page.results) {
      const request = new URL(prediction.webhook ?? 'http://x').searchParams.get('request') ?? '';
      counts.set(request, (counts.get(request) ?? 0) + 1);
    }
    url = page.next;
  }
  return counts;
}
