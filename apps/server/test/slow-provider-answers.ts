// Preloaded (`node --import`) into a worker process by the worker-kill test: the provider's answer
// to a create arrives `SLOW_CREATE_ANSWER_MS` after the provider made the prediction, as over a slow
// network. That is the window in which a killed worker loses the answer to what it asked for.
const delay = Number(process.env.SLOW_CREATE_ANSWER_MS ?? 0);
const original = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const response = await original(input, init);
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (delay > 0 && method === 'POST' && /\/predictions$/.test(new URL(url).pathname)) {
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  return response;
};
