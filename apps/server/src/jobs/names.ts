/** Every background job by name, with its payload. */
export interface JobPayloads {
  submit_generation: { id: string };
  ingest_prediction: {
    /** Our request id (from the webhook URL), when known. */
    requestId?: string | undefined;
    predictionId: string;
  };
  reconcile_generations: Record<string, never>;
}

export type JobName = keyof JobPayloads;
