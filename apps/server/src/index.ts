// What other workspaces (bench, e2e helpers) may use of the server: building and wiring, no internals.
import './heap-tuning.ts';

export { type App, type AppDeps, buildApp } from './app.ts';
export { type Config, loadConfig, repoRoot } from './config.ts';
export { type Container, createContainer } from './container.ts';
export { type DatabaseHandle, openDatabase } from './db/client.ts';
export { startEmbeddedPostgres } from './db/embedded.ts';
export { runMigrations } from './db/migrate.ts';
