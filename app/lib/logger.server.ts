import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Cookies, authorisation headers and OAuth parameters never reach the log: request
 * lines carry the path without its query string, and these paths are censored in case
 * a caller logs an object that holds them.
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'cookie',
  'token',
  'code',
  'state',
  'nonce',
  'idToken',
  'accessToken',
];

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: undefined,
    transport: options.pretty
      ? { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } }
      : undefined,
  });
}
