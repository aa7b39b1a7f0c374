import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectReceiptType, UnreadableReceipt, withoutMetadata } from './receipt-file.server';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/receipts/${name}`, import.meta.url));

const GPS = 'GPSLatitude 6.5244 N GPSLongitude 3.3792 E';
const exifPayload = Buffer.concat([
  Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'),
  Buffer.from(GPS, 'latin1'),
]);

function jpegWithExif(jpeg: Buffer): Buffer {
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(exifPayload.length + 2, 2);
  // Right after SOI, where cameras put it.
  return Buffer.concat([jpeg.subarray(0, 2), segment, exifPayload, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

describe('a receipt’s type', () => {
  it('is read from its bytes', () => {
    expect(detectReceiptType(fixture('receipt.jpg'))).toBe('image/jpeg');
    expect(detectReceiptType(fixture('receipt.png'))).toBe('image/png');
    expect(detectReceiptType(fixture('receipt.webp'))).toBe('image/webp');
    expect(detectReceiptType(Buffer.from('%PDF-1.7\n…'))).toBe('application/pdf');
  });

  it('is none for HTML named .png, a GIF, text or nothing', () => {
    expect(detectReceiptType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBe(
      undefined,
    );
    expect(detectReceiptType(Buffer.from('GIF89a……'))).toBe(undefined);
    expect(detectReceiptType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBe(undefined);
    expect(detectReceiptType(Buffer.alloc(0))).toBe(undefined);
  });
});

describe('stripping an image’s metadata', () => {
  it('drops a JPEG’s EXIF (with its GPS) and comment, keeping every other byte', () => {
    const clean = withoutMetadata(fixture('receipt.jpg'), 'image/jpeg');
    expect(clean.includes('Lavc')).toBe(false); // the encoder's comment segment
    const stripped = withoutMetadata(jpegWithExif(fixture('receipt.jpg')), 'image/jpeg');
    expect(stripped.includes(GPS)).toBe(false);
    expect(stripped.equals(clean)).toBe(true);
    // The picture itself (from the start of scan to the end) is untouched.
    const original = fixture('receipt.jpg');
    const scan = original.indexOf(Buffer.from([0xff, 0xda]));
    expect(stripped.subarray(stripped.indexOf(Buffer.from([0xff, 0xda])))).toEqual(
      original.subarray(scan),
    );
  });

  it('drops what follows a JPEG’s end (a second image with its own EXIF, a trailer)', () => {
    const clean = withoutMetadata(fixture('receipt.jpg'), 'image/jpeg');
    const withTrailer = Buffer.concat([
      fixture('receipt.jpg'),
      jpegWithExif(fixture('receipt.jpg')),
    ]);
    const stripped = withoutMetadata(withTrailer, 'image/jpeg');
    expect(stripped.includes(GPS)).toBe(false);
    expect(stripped.equals(clean)).toBe(true);
  });

  it('drops a PNG’s eXIf and text chunks', () => {
    const png = fixture('receipt.png');
    const withMetadata = Buffer.concat([
      png.subarray(0, 33), // signature and IHDR
      pngChunk('eXIf', exifPayload.subarray(6)),
      pngChunk('tEXt', Buffer.from(`Comment\0${GPS}`, 'latin1')),
      png.subarray(33),
    ]);
    const stripped = withoutMetadata(withMetadata, 'image/png');
    expect(stripped.includes(GPS)).toBe(false);
    expect(stripped.equals(withoutMetadata(png, 'image/png'))).toBe(true);
  });

  it('drops a WebP’s EXIF and XMP chunks and clears their flags', () => {
    const webp = fixture('receipt.webp');
    const image = webp.subarray(12); // the VP8L chunk
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x08 | 0x04; // EXIF and XMP present
    vp8x.writeUIntLE(47, 4, 3);
    vp8x.writeUIntLE(31, 7, 3);
    const withMetadata = riff([
      riffChunk('VP8X', vp8x),
      image,
      riffChunk('EXIF', exifPayload.subarray(6)),
      riffChunk('XMP ', Buffer.from(`<x:xmpmeta>${GPS}</x:xmpmeta>`)),
    ]);
    const stripped = withoutMetadata(withMetadata, 'image/webp');
    expect(stripped.includes(GPS)).toBe(false);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped[20]).toBe(0); // VP8X flags: neither EXIF nor XMP
    expect(stripped.subarray(30)).toEqual(image);
  });

  it('refuses an image whose structure is broken, and leaves a PDF as it is', () => {
    const jpeg = fixture('receipt.jpg');
    expect(() => withoutMetadata(jpeg.subarray(0, 30), 'image/jpeg')).toThrow(UnreadableReceipt);
    expect(() => withoutMetadata(fixture('receipt.png').subarray(0, 40), 'image/png')).toThrow(
      UnreadableReceipt,
    );
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Author (Ada) >> endobj\n%%EOF');
    expect(withoutMetadata(pdf, 'application/pdf')).toBe(pdf);
  });
});
