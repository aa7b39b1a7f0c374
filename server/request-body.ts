import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * Reads a request body into memory, refusing more than `limit` bytes whether the client
 * announced its size or streamed it in chunks.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * How much of an upload past its limit is still read (and dropped) so that its form can
 * answer with its message: a browser shows no answer that arrives while it is still
 * sending. A phone photo or a scanned statement is well under this; a larger body loses
 * its connection.
 */
export const UPLOAD_DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * The request body as a stream for an action to read as it arrives (an upload), erroring
 * with `BodyTooLargeError` past `limit` bytes: nothing beyond the limit is ever held. The
 * rest is read and dropped, up to `UPLOAD_DISCARD_BYTES` in all, so the action's answer
 * reaches the browser; past that the connection is closed.
 */
export function streamBody(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > UPLOAD_DISCARD_BYTES) throw new BodyTooLargeError();
  const chunks = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let size = 0;
  const discardTheRest = async () => {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      size += next.value.length;
      if (size > UPLOAD_DISCARD_BYTES) return req.destroy();
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = declared > limit ? undefined : await chunks.next();
      if (next?.done) return controller.close();
      size += next?.value.length ?? 0;
      if (!next || size > limit) {
        controller.error(new BodyTooLargeError());
        // A client that goes away meanwhile ends the loop with its error: nothing to answer.
        discardTheRest().catch(() => {});
        return;
      }
      controller.enqueue(
        new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.length),
      );
    },
    cancel() {
      req.destroy();
    },
  });
}
