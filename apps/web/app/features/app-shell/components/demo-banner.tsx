/**
 * Slot for the "demo mode" notice. The server does not yet tell the web app whether it runs
 * with provider emulators, so there is nothing to show; this renders once that flag exists.
 */
export function DemoBanner() {
  return null;
}
