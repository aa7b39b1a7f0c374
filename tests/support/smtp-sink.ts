import { createServer, type Server, type Socket } from 'node:net';
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
  close(): Promise<void>;
}

/** A real SMTP server in the test process (`smtp-server`), on loopback, no TLS, no auth. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMessage[] = [];
  let behaviour: SinkBehaviour = 'accept';
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    behave: (next) => (behaviour = next),
    delayAcceptance: (ms) => (delayMs = ms),
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
