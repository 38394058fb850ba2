// The prompts module's public entry: the improver's service as the job worker runs its reconcile.
export type { PromptImprovementService } from './prompt-improvement.service.ts';
