import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * One logger for the process; Fastify derives per-request children carrying the request id. Errors
 * are logged with their whole `cause` chain as objects (a driver's error code, a provider's answer
 * wrapped by ours), not only the outermost message.
 */
export function createLogger(
  config: { logLevel: pino.LevelWithSilent; logPretty: boolean },
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    serializers: { err: pino.stdSerializers.errWithCause },
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
