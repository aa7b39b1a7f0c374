import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderReceiptPdf } from './receipt-pdf.server';
import type { ReceiptDetails } from './receipts.server';

/** A paid receipt whose payer is `name`; nothing else about it matters here. */
function receiptFor(name: string, reference = 'T123456789'): ReceiptDetails {
  return {
    number: 42,
    kind: 'payment',
    issuedAt: '2026-11-26T10:00:00.000Z',
    paidOn: '2026-11-26T09:00:00.000Z',
    payer: { name, email: 'payer@example.com' },
    planName: 'FrontEnd Bootcamp Upfront',
    installment: null,
    amount: 60_000_000,
    currency: 'NGN',
    method: 'paystack',
    reference,
    orderId: 'ord_1',
    refundedAmount: 0,
    refundedAt: null,
    discount: null,
  };
}

/** poppler's reading of the PDF: its text layer, and its fonts' table. */
const pdftotext = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
const pdffonts = (pdf: Buffer) => execFileSync('pdffonts', ['-'], { input: pdf }).toString('utf8');

describe('a receipt names its payer in any script', () => {
  const names = {
    Yoruba: 'Adéwálé Ọládẹ̀jọ',
    Chinese: 'Zoë 李',
    Japanese: '佐藤 花子',
    Korean: '김민준',
    Arabic: 'فاطمة الزهراء',
    Hindi: 'प्रिया शर्मा',
  };

  it('prints a bank transfer’s reference as the student typed it, in any script', async () => {
    const pdf = await renderReceiptPdf(receiptFor('Zoë Li', '学费 李 0042'));
    expect(pdftotext(pdf)).toContain('学费 李 0042');
  });

  for (const [script, name] of Object.entries(names)) {
    it(`${script}: “${name}” is in the text layer, every font embedded as a subset`, async () => {
      const pdf = await renderReceiptPdf(receiptFor(name));
      expect(pdftotext(pdf).normalize('NFC')).toContain(name.normalize('NFC'));
      const fonts = pdffonts(pdf)
        .split('\n')
        .slice(2)
        .filter((line) => line.trim() !== '');
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) {
        // name, type, encoding, then "emb sub uni" as yes/no, then the object's id.
        const [emb, sub, uni] = line.trim().split(/\s+/).slice(-5, -2);
        expect({ line, emb, sub, uni }).toEqual({ line, emb: 'yes', sub: 'yes', uni: 'yes' });
        expect(line).toMatch(/^[A-Z]{6}\+/);
      }
    });
  }
});
