import type { Database } from './client.ts';

/**
 * What a repository runs its statements on: the database itself, or one transaction of it. A
 * repository built on a transaction writes in that transaction and nowhere else.
 */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
