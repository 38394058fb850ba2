import type { ModelProvider } from '../replicate/replicate.adapter.ts';
import { terminalStatuses } from '../replicate/replicate.adapter.ts';

/** What a call to a language model is for, as its errors name it (`translation timed out`). */
type Task = string;

/** The language model did not answer within the time given; the prediction may still run. */
export class LlmTimeoutError extends Error {
  /** The prediction that was still running, so the caller may cancel it. */
  readonly predictionId: string;
  constructor(task: Task, predictionId: string) {
    super(`${task} timed out`);
    this.name = 'LlmTimeoutError';
    this.predictionId = predictionId;
  }
}

/** The prediction ended without an answer: failed, cancelled, gone, or with nothing in it. */
export class LlmFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmFailedError';
  }
}

/**
 * One answer of a language model hosted on the model provider (the same adapter the generations
 * use: no extra vendor). It creates the prediction and polls it briefly — a short answer takes a
 * second or a few — and gives back its output as one string, trimmed. Throws `LlmTimeoutError`
 * after `timeoutMs`, `LlmFailedError` when the prediction ends without text, and the provider's
 * own `ProviderError` when a call to it fails.
 */
export async function runLlm(
  provider: Pick<ModelProvider, 'create' | 'get'>,
  request: { model: string; input: Record<string, unknown> },
  options: { task: Task; timeoutMs: number; pollMs: number; now?: () => number },
): Promise<string> {
  const now = options.now ?? Date.now;
  const { task } = options;
  let prediction = await provider.create({ ref: { model: request.model }, input: request.input });
  const started = now();
  while (!terminalStatuses.has(prediction.status)) {
    if (now() - started > options.timeoutMs) throw new LlmTimeoutError(task, prediction.id);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
    const next = await provider.get(prediction.id);
    if (!next) throw new LlmFailedError(`${task} prediction disappeared`);
    prediction = next;
  }
  if (prediction.status !== 'succeeded') {
    throw new LlmFailedError(`${task} failed: ${prediction.error ?? prediction.status}`);
  }
  const output = prediction.output;
  const joined = Array.isArray(output) ? output.join('') : typeof output === 'string' ? output : '';
  const text = joined.trim();
  if (!text) throw new LlmFailedError(`${task} came back empty`);
  return text;
}
