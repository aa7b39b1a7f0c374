/**
 * What a receipt file is, judged by its bytes (never its name or the type the browser
 * declared), and an image without what its camera or phone wrote about it (EXIF with GPS,
 * XMP, IPTC, comments): a receipt is seen by admins, and where it was taken is not theirs.
 * Stripping drops whole metadata segments and chunks and keeps the picture's bytes as they
 * are: nothing is decoded or re-encoded.
 */

import type { Kysely } from 'kysely';
import type { Access, Database } from '~/db/schema';

export const RECEIPT_TYPES = {
  'image/jpeg': { extension: 'jpg', label: 'JPEG' },
  'image/png': { extension: 'png', label: 'PNG' },
  'image/webp': { extension: 'webp', label: 'WebP' },
  'application/pdf': { extension: 'pdf', label: 'PDF' },
} as const;
export type ReceiptType = keyof typeof RECEIPT_TYPES;

export class UnreadableReceipt extends Error {
  override name = 'UnreadableReceipt';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function detectReceiptType(bytes: Buffer): ReceiptType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}

/**
 * The file as it will be stored: images without metadata, a PDF as it came. The bytes are
 * compacted in the buffer given (what is kept only ever moves towards its start), so a
 * 5 MB receipt is not copied again; the result is a view of that buffer.
 */
export function withoutMetadata(bytes: Buffer, type: ReceiptType): Buffer {
  switch (type) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    case 'application/pdf':
      return bytes;
  }
}

/** Writes kept ranges of `bytes` one after another from `start`, in place. */
function compactor(bytes: Buffer, start: number) {
  let written = start;
  return {
    keep(from: number, to: number) {
      if (from !== written) bytes.copyWithin(written, from, to);
      written += to - from;
    },
    get length() {
      return written;
    },
  };
}

const JPEG_EOI = Buffer.from([0xff, 0xd9]);

/** APP1 (EXIF, XMP), APP12 (Ducky), APP13 (IPTC) and comments; APP0, APP2 (ICC) and APP14 stay. */
const JPEG_DROPPED = new Set([0xe1, 0xec, 0xed, 0xfe]);

function stripJpeg(bytes: Buffer): Buffer {
  const out = compactor(bytes, 2);
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new UnreadableReceipt('A JPEG segment does not start with 0xFF');
    const marker = bytes[at + 1];
    if (marker === undefined) throw new UnreadableReceipt('The JPEG ends inside a marker');
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Start of scan: the compressed picture follows, up to its end-of-image marker (in the
    // picture's data 0xFF is always followed by 0x00 or a restart marker). Whatever comes
    // after it (a phone's second image with its own EXIF, a trailer) is dropped.
    if (marker === 0xda || marker === 0xd9) {
      const end = bytes.indexOf(JPEG_EOI, at + (marker === 0xd9 ? 0 : 2));
      out.keep(at, end === -1 ? bytes.length : end + 2);
      break;
    }
    if (at + 4 > bytes.length) throw new UnreadableReceipt('The JPEG ends inside a segment');
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new UnreadableReceipt('A JPEG segment overruns');
    if (!JPEG_DROPPED.has(marker)) out.keep(at, end);
    at = end;
  }
  return bytes.subarray(0, out.length);
}

const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function stripPng(bytes: Buffer): Buffer {
  const out = compactor(bytes, 8);
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new UnreadableReceipt('The PNG ends inside a chunk');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) throw new UnreadableReceipt('A PNG chunk overruns');
    if (!PNG_DROPPED.has(type)) out.keep(at, end);
    at = end;
    if (type === 'IEND') break;
  }
  return bytes.subarray(0, out.length);
}

const WEBP_DROPPED = new Set(['EXIF', 'XMP ']);
/** VP8X flag bits that announce EXIF and XMP chunks. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Buffer): Buffer {
  const declared = bytes.readUInt32LE(4) + 8;
  if (declared > bytes.length) throw new UnreadableReceipt('The WebP is shorter than it says');
  const out = compactor(bytes, 12);
  let at = 12;
  while (at < declared) {
    if (at + 8 > declared) throw new UnreadableReceipt('The WebP ends inside a chunk');
    const fourcc = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > declared) throw new UnreadableReceipt('A WebP chunk overruns');
    if (fourcc === 'VP8X') bytes[at + 8] = bytes[at + 8]! & ~(VP8X_EXIF | VP8X_XMP);
    if (!WEBP_DROPPED.has(fourcc)) out.keep(at, end);
    at = end;
  }
  bytes.writeUInt32LE(out.length - 8, 4);
  return bytes.subarray(0, out.length);
}

export interface StoredReceipt {
  type: ReceiptType;
  bytes: Uint8Array<ArrayBuffer>;
  /** The name a download gets: the day it was uploaded and the type's extension. */
  fileName: string;
}

/**
 * The receipt `receiptId`, for an admin or for the student who uploaded it: anyone else gets
 * null, as for an id that does not exist. A row of a type no longer accepted is none either,
 * nor is the emptied row of a deleted account.
 */
export async function findReceipt(
  db: Kysely<Database>,
  receiptId: string,
  viewer: { id: string; access: Access },
): Promise<StoredReceipt | null> {
  let query = db
    .selectFrom('receipts')
    .select(['content_type', 'bytes', 'created_at'])
    .where('id', '=', receiptId)
    // Emptied when its student deleted their account (decision 049): the file is gone.
    .where('size', '>', 0);
  if (viewer.access !== 'admin') query = query.where('user_id', '=', viewer.id);
  const receipt = await query.executeTakeFirst();
  const type = receipt?.content_type as ReceiptType | undefined;
  if (!receipt || !type || !(type in RECEIPT_TYPES)) return null;
  const bytes = Buffer.from(receipt.bytes);
  return {
    type,
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    fileName: `receipt-${receipt.created_at.slice(0, 10)}.${RECEIPT_TYPES[type].extension}`,
  };
}
