// The statement module's public entry: its service as `/api/v1/statement` uses it.
export type { StatementService } from './statement.service.ts';
