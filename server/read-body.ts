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
 * The request body as a stream for an action to read as it arrives (an upload), erroring
 * with `BodyTooLargeError` past `limit` bytes: nothing beyond the limit is ever held.
 */
export function streamBody(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLargeError();
  const chunks = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) return controller.close();
      size += value.length;
      if (size > limit) {
        controller.error(new BodyTooLargeError());
        req.destroy();
        return;
      }
      controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.length));
    },
    cancel() {
      req.destroy();
    },
  });
}
