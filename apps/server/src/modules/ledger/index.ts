// The ledger module's public entry: its named operations (the only way tokens move) as a
// transaction binds them. Its write (ledger.repository.ts) is not exported: a lint rule keeps it
// the ledger's own.
export type { StatementRow } from './ledger.repository.ts';
export { InsufficientTokensError, type Ledger } from './ledger.service.ts';
