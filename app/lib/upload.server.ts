import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';

export interface UploadedFile {
  /** The field it came in. */
  field: string;
  bytes: Buffer;
  /** The name the browser gave: shown, never trusted for the type. */
  fileName: string;
}

export type UploadResult =
  | { ok: true; fields: Map<string, string>; file: UploadedFile | undefined }
  | { ok: false; error: 'too-large' | 'unreadable' };

/**
 * A multipart form with one file, read as it streams in: past `maxFileBytes` the file is
 * dropped and the rest of the body read and discarded (so the browser gets the answer), as
 * the server does past its limit for the whole form; no more than the limit is ever held in
 * memory. Text fields are capped too.
 */
export async function readUpload(
  request: Request,
  options: { maxFileBytes: number; maxFields?: number },
): Promise<UploadResult> {
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!request.body || !/^multipart\/form-data;/i.test(contentType)) {
    return { ok: false, error: 'unreadable' };
  }
  const parser = multipartParser(contentType, options);
  if (!parser) return { ok: false, error: 'unreadable' };
  const announced = announcedLength(request, options.maxFileBytes + 1);
  const body = Readable.fromWeb(request.body as WebReadableStream);
  return new Promise<UploadResult>((resolve) => {
    const fields = new Map<string, string>();
    let file: UploadedFile | undefined;
    /** A part went past its limit: the rest is read and dropped, so the answer arrives whole. */
    let tooLarge = false;
    let settled = false;
    const finish = (result: UploadResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const refuse = () => {
      body.unpipe(parser);
      body.resume();
      finish({ ok: false, error: 'unreadable' });
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) tooLarge = true;
      else fields.set(name, value);
    });
    parser.on('file', (field, stream, info) => {
      // One buffer, filled as the file arrives: no list of chunks and no second copy when it
      // ends (a 5 MB receipt costs 5 MB, not 10). Never larger than the body announced, so
      // a small request cannot make the server set aside the whole limit.
      const bytes = Buffer.allocUnsafe(Math.min(options.maxFileBytes + 1, announced));
      let length = 0;
      stream.on('data', (chunk: Buffer) => {
        if (tooLarge) return;
        // More than announced cannot arrive (the body would end first); the check keeps
        // a wrong announcement from ever truncating a file silently.
        if (length + chunk.length > bytes.length) {
          tooLarge = true;
          return;
        }
        length += chunk.copy(bytes, length);
      });
      stream.on('limit', () => {
        tooLarge = true;
      });
      // A body that ends inside the file ("Unexpected end of form") errors the file's stream
      // as well as the parser: unheard, that error would end the process.
      stream.on('error', refuse);
      stream.on('end', () => {
        // An empty file input still sends a part, without a name: that is no file.
        if (!tooLarge && (info.filename || length > 0)) {
          file = { field, bytes: bytes.subarray(0, length), fileName: info.filename ?? '' };
        }
      });
    });
    parser.on('filesLimit', refuse);
    parser.on('fieldsLimit', refuse);
    parser.on('error', refuse);
    parser.on('close', () =>
      finish(tooLarge ? { ok: false, error: 'too-large' } : { ok: true, fields, file }),
    );
    // Past the server's limit for the whole form (it drops the rest), or the client left.
    body.on('error', (error) =>
      finish({
        ok: false,
        error: error.name === 'BodyTooLargeError' ? 'too-large' : 'unreadable',
      }),
    );
    body.pipe(parser);
  });
}

/** busboy for one file and a few short fields; undefined for a header it cannot read. */
function multipartParser(
  contentType: string,
  options: { maxFileBytes: number; maxFields?: number },
): busboy.Busboy | undefined {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      limits: {
        // busboy calls a file that reaches its limit too large: one byte more is allowed.
        fileSize: options.maxFileBytes + 1,
        files: 1,
        fields: options.maxFields ?? 20,
        fieldSize: 4 * 1024,
      },
    });
  } catch {
    return undefined;
  }
}

/** The body's announced length, or `otherwise` when the request gives none that is usable. */
function announcedLength(request: Request, otherwise: number): number {
  const declared = Number(request.headers.get('Content-Length'));
  return Number.isSafeInteger(declared) && declared > 0 ? declared : otherwise;
}
