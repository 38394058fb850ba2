/** The app's origin in this run: the server the config starts listens on `E2E_PORT` (3100). */
export const appOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
