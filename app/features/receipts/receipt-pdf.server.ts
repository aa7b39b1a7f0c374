import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { site } from '~/content/site';
import { formatMinorUnits } from '~/lib/format';
import { formatReceiptNumber } from './receipt-links';
import type { ReceiptDetails } from './receipts.server';

/**
 * DejaVu Sans, embedded (only the glyphs a receipt uses): PDF's built-in fonts have no naira
 * sign and none of the letters of Yoruba, Igbo or Hausa names (ẹ, ọ, ṣ, ƙ). It comes from an
 * npm package so that every server has it, whatever fonts its system has.
 */
const fonts = createRequire(import.meta.url);
const REGULAR = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const BAND = '#1e3a8a';
const SHADE = '#f1f5f9';
const GOOD = '#166534';
const BAD = '#b91c1c';

const METHODS: Record<ReceiptDetails['method'], string> = {
  stripe: 'Card (Stripe)',
  paystack: 'Card (Paystack)',
  local: 'Local test provider',
  'bank-transfer': `Bank transfer`,
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-11-26T…` or `2026-11-26` → `26 November 2026` (the day in UTC). */
function formatDay(value: string): string {
  return dateFormat.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));
}

/** What the receipt says of the money now: paid, or refunded (when). */
export function receiptStatus(receipt: ReceiptDetails): string {
  return receipt.refundedAt ? `Refunded on ${formatDay(receipt.refundedAt)}` : 'Paid';
}

/** One A4 page: the academy, the receipt's number and date, the payer, what was paid, how. */
export function renderReceiptPdf(receipt: ReceiptDetails): Promise<Buffer> {
  const number = formatReceiptNumber(receipt.number);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Receipt ${number}`,
      Author: site.name,
      Subject: `${receipt.planName}: ${formatMinorUnits(receipt.amount, receipt.currency)}`,
      CreationDate: new Date(receipt.issuedAt),
    },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // The header band: the academy's name and what the page is.
  doc.rect(0, 0, doc.page.width, 96).fill(BAND);
  doc.font('bold').fontSize(20).fillColor('#ffffff').text(site.name, left, 34, { width });
  doc.font('regular').fontSize(11).text('Receipt', left, 62, { width });
  doc.font('bold').fontSize(20).text(number, left, 34, { width, align: 'right' });

  // The academy's address and contacts, then the receipt's facts beside the payer.
  let y = 124;
  doc.font('regular').fontSize(9).fillColor(MUTED);
  const contact = [...site.postalAddress, site.email.display, site.phone.display];
  doc.text(contact.join('\n'), left, y, { width: width / 2, lineGap: 2 });
  facts(doc, left + width / 2, y, width / 2, [
    ['Receipt number', number],
    ['Date paid', formatDay(receipt.paidOn)],
    ['Date issued', formatDay(receipt.issuedAt)],
  ]);

  y = 232;
  doc.font('bold').fontSize(9).fillColor(MUTED).text('RECEIVED FROM', left, y);
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(receipt.payer.name, left, y + 14, { width });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(INK)
    .text(receipt.payer.email, left, y + 32, { width });

  // The table of what was paid.
  y = 300;
  const amountWidth = 140;
  const rowHeight = 28;
  doc.rect(left, y, width, rowHeight).fill(SHADE);
  doc.font('bold').fontSize(10).fillColor(INK);
  doc.text('Description', left + 10, y + 9, { width: width - amountWidth - 20 });
  doc.text(`Amount (${receipt.currency})`, left + width - amountWidth - 10, y + 9, {
    width: amountWidth,
    align: 'right',
  });
  y += rowHeight;
  const description = receipt.installment
    ? `${receipt.planName}, installment ${receipt.installment.number} of ${receipt.installment.of}`
    : receipt.planName;
  doc.font('regular').fontSize(10);
  const descriptionHeight = doc.heightOfString(description, { width: width - amountWidth - 20 });
  const lineHeight = Math.max(rowHeight, descriptionHeight + 18);
  doc.text(description, left + 10, y + 9, { width: width - amountWidth - 20 });
  doc.text(
    formatMinorUnits(receipt.amount, receipt.currency),
    left + width - amountWidth - 10,
    y + 9,
    {
      width: amountWidth,
      align: 'right',
    },
  );
  y += lineHeight;
  rule(doc, left, y, width);
  doc.font('bold').fontSize(11);
  doc.text('Total paid', left + 10, y + 10, { width: width - amountWidth - 20 });
  doc.text(
    formatMinorUnits(receipt.amount, receipt.currency),
    left + width - amountWidth - 10,
    y + 10,
    {
      width: amountWidth,
      align: 'right',
    },
  );
  y += rowHeight + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();

  // How it was paid, and where the money stands.
  y += 24;
  const details: [string, string][] = [
    ['Payment method', METHODS[receipt.method]],
    [
      receipt.method === 'bank-transfer' ? 'Transfer reference' : 'Provider reference',
      receipt.reference,
    ],
  ];
  if (receipt.orderId) details.push(['Order reference', receipt.orderId]);
  if (receipt.refundedAmount > 0 && !receipt.refundedAt) {
    details.push(['Refunded so far', formatMinorUnits(receipt.refundedAmount, receipt.currency)]);
  }
  details.push(['Status', receiptStatus(receipt)]);
  for (const [label, value] of details) {
    doc.font('regular').fontSize(10).fillColor(MUTED).text(label, left, y, { width: 150 });
    doc
      .font(label === 'Status' ? 'bold' : 'regular')
      .fillColor(label === 'Status' ? (receipt.refundedAt ? BAD : GOOD) : INK)
      .text(value, left + 160, y, { width: width - 160 });
    y += Math.max(20, doc.heightOfString(value, { width: width - 160 }) + 8);
  }

  // The foot of the page.
  const footY = doc.page.height - doc.page.margins.bottom - 40;
  rule(doc, left, footY, width);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Thank you for learning with ${site.name}. Questions about this receipt? Write to ${site.email.display}.`,
      left,
      footY + 10,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}

/** Label and value pairs, right-aligned, one under another. */
function facts(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  rows: [string, string][],
) {
  rows.forEach(([label, value], index) => {
    const top = y + index * 18;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, x, top, { width: width - 120 });
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(value, x + width - 120, top - 1, {
        width: 120,
        align: 'right',
      });
  });
}

function rule(doc: PDFKit.PDFDocument, x: number, y: number, width: number) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
}
