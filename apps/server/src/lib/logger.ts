import pino, { type Logger } from 'pino';
import type { Config } from '../config.ts';

/** One logger for the process; Fastify derives per-request children carrying the request id. */
export function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } }
      : {}),
  });
}
