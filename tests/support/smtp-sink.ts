import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  from: string;
  to: string[];
  raw: string;
  messageId: string | undefined;
}

/** What the sink answers to the next message: accept, refuse for now or for good, or stall. */
export type SinkBehaviour = 'accept' | 'reject-temporarily' | 'reject-permanently';

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMessage[];
  /** Answers every following message this way (by default: accept). */
  behave(behaviour: SinkBehaviour): void;
  /** Accepts a message only this many milliseconds after its data has arrived. */
  delayAcceptance(ms: number): void;
  /**
   * Holds the answer to each following message once its data has arrived (the server has
   * it; the client waits for the 250) until `release()`, which accepts them all.
   */
  holdAnswers(): { waiting: () => number; release: () => void };
  /** What clients have sent so far, as someone listening on the network would see it. */
  wire(): string;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * Offers AUTH and wants these credentials, even on a plain connection, as a careless
   * server does.
   */
  credentials?: { user: string; pass: string };
  /** Offers STARTTLS with this key and certificate. */
  tls?: { key: string; cert: string };
}

/**
 * A real SMTP server in the test process (`smtp-server`), on loopback; by default without
 * STARTTLS or AUTH.
 */
export async function startSmtpSink({ credentials, tls }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMessage[] = [];
  let behaviour: SinkBehaviour = 'accept';
  let delayMs = 0;
  let held: (() => void)[] | undefined;
  let wire = '';
  const server = new SMTPServer({
    authOptional: !credentials,
    allowInsecureAuth: true,
    disabledCommands: [...(tls ? [] : ['STARTTLS']), ...(credentials ? [] : ['AUTH'])],
    ...tls,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials?.user && auth.password === credentials?.pass) {
        return callback(null, { user: auth.username });
      }
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const answer = () => {
          if (behaviour !== 'accept') {
            const error = new Error(
              behaviour === 'reject-temporarily'
                ? 'Mailbox busy, try again later'
                : 'Mailbox unavailable',
            ) as Error & { responseCode: number };
            error.responseCode = behaviour === 'reject-temporarily' ? 451 : 550;
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw,
            messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1],
          });
          callback();
        };
        if (held) held.push(answer);
        else if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      });
    },
  });
  // The raw socket, under smtp-server's reading of it: after STARTTLS it carries ciphertext.
  server.server.on('connection', (socket: Socket) =>
    socket.on('data', (chunk: Buffer) => (wire += chunk.toString('latin1'))),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    behave: (next) => (behaviour = next),
    delayAcceptance: (ms) => (delayMs = ms),
    holdAnswers() {
      const answers: (() => void)[] = [];
      held = answers;
      return {
        waiting: () => answers.length,
        release() {
          held = undefined;
          for (const answer of answers.splice(0)) answer();
        },
      };
    },
    wire: () => wire,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SilentServer {
  url: string;
  /** Connections that have been opened to it so far. */
  connections: () => number;
  close: () => Promise<void>;
}

/** A server that accepts connections and never says a word: an SMTP server that hangs. */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let opened = 0;
  const server: Server = createServer((socket) => {
    opened += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => opened,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A self-signed certificate for 127.0.0.1, standing for a private CA's: a client trusts
 * it only when told to (NODE_EXTRA_CA_CERTS=`certFile`).
 */
export function loopbackCertificate(): { key: string; cert: string; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'smtp-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=Test private CA',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}
