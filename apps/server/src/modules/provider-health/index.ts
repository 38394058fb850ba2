// The provider-health module's public entry: the service's type (the engine reads and starts the
// pause through it; the console's overview reports it) and what its report says.
export type { ProviderHealth, ProviderHealthReport } from './provider-health.service.ts';
