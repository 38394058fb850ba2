// The queue's public entry: the jobs by name and the rules other modules write them by. A job is
// enqueued in the transaction of the write it belongs with (`tx.jobs`, repositories.ts).
export { DEFAULT_MAX_ATTEMPTS, type JobRepository } from './job.repository.ts';
export { type JobName, type JobPayloads, SUBMIT_JOB_KEY_PREFIX } from './names.ts';
