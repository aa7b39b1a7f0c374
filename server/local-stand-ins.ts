import type { RequestListener } from 'node:http';
import { EnvError, type Env } from '~/lib/env.server';
import { isLoopbackHost, isLoopbackUrl, loopbackInterfaceFor } from '~/lib/loopback.server';

export interface LocalStandIn {
  /** What has no real service configured, e.g. "Sign-in" (omit when a public origin has a fallback). */
  service?: string;
  /** The stand-in, e.g. "the local development provider". */
  name: string;
  /** Why a public interface must not reach it. */
  risk: string;
  /** The variables that configure the real service instead. */
  configure?: string;
}

/**
 * The local stand-ins (sign-in provider, mailbox, payment provider) let anyone sign in as
 * anyone, read every e-mail or unlock the course for nothing. Each fails closed the same
 * way: it refuses a public ORIGIN (unless the public site has a fallback) and a public HOST.
 */
export function refuseUnlessLoopback(env: Env, standIn: LocalStandIn): void {
  const instead = standIn.configure ? `, or set ${standIn.configure}` : '';
  if (standIn.service && !isLoopbackUrl(env.ORIGIN)) {
    throw new EnvError(
      `${standIn.service} is not configured: ORIGIN (${env.ORIGIN}) is not a loopback address, so ${standIn.name} will not run. Set ${standIn.configure} (see docs/deploy.md), or use ORIGIN=http://localhost:${env.PORT} on your own machine.`,
    );
  }
  if (env.HOST !== undefined && !isLoopbackHost(env.HOST)) {
    throw new EnvError(
      `HOST (${env.HOST}) is not a loopback address: ${standIn.risk}. Leave HOST unset (or 127.0.0.1)${instead}.`,
    );
  }
}

/** HOST, or with any local stand-in running (and HOST unset) the loopback interface only. */
export function listenHostFor(env: Env, localStandInRuns: boolean): string | undefined {
  return env.HOST ?? (localStandInRuns ? loopbackInterfaceFor(env.ORIGIN) : undefined);
}

/**
 * While a local stand-in runs, only ORIGIN's host is answered. Binding to loopback keeps
 * other machines out, not other sites: a page whose name is rebound to 127.0.0.1 (DNS
 * rebinding) reaches this server as its own origin, with its own name in `Host`, and could
 * read every message at /dev-mail. Refused before anything else runs (421 Misdirected
 * Request), the Host never echoed.
 */
export function answerOnlyOrigin(origin: string, listener: RequestListener): RequestListener {
  const { host, hostname, port, protocol } = new URL(origin);
  const allowed = new Set([host, `${hostname}:${port || (protocol === 'https:' ? '443' : '80')}`]);
  return (req, res) => {
    if (allowed.has((req.headers.host ?? '').toLowerCase())) return listener(req, res);
    res.writeHead(421, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(`This server answers only for ${origin}.`);
  };
}
