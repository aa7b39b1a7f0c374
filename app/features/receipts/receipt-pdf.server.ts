import { createRequire } from 'node:module';
import { site } from '~/content/site';
import { formatDayUtc, formatMinorUnits } from '~/lib/format';
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

/** The site's palette (slate text, the brand's blue band, green paid, red refunded). */
const COLOR = {
  ink: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  band: '#1e3a8a',
  shade: '#f1f5f9',
  good: '#166534',
  bad: '#b91c1c',
} as const;

const METHODS: Record<ReceiptDetails['method'], string> = {
  stripe: 'Card (Stripe)',
  paystack: 'Card (Paystack)',
  local: 'Local test provider',
  'bank-transfer': `Bank transfer`,
};

/** `2026-11-26T…` or `2026-11-26` → `26 November 2026` (the day in UTC). */
const formatDay = (value: string) => formatDayUtc(value, 'long');

/** What the receipt says of the money now: paid, or refunded (when). */
export function receiptStatus(receipt: ReceiptDetails): string {
  return receipt.refundedAt ? `Refunded on ${formatDay(receipt.refundedAt)}` : 'Paid';
}

/**
 * One A4 page: the academy, the receipt's number and date, the payer, what was paid, how.
 * pdfkit is loaded on the first receipt, not at start: it is ~25 MB of the server's memory,
 * and most instances render a receipt rarely or never (DESIGN §8's idle RSS budget).
 */
export async function renderReceiptPdf(receipt: ReceiptDetails): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
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
  doc.rect(0, 0, doc.page.width, 96).fill(COLOR.band);
  doc.font('bold').fontSize(20).fillColor('#ffffff').text(site.name, left, 34, { width });
  doc.font('regular').fontSize(11).text('Receipt', left, 62, { width });
  doc.font('bold').fontSize(20).text(number, left, 34, { width, align: 'right' });

  // The academy's address and contacts, then the receipt's facts beside the payer.
  let y = 124;
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  const contact = [...site.postalAddress, site.email.display, site.phone.display];
  doc.text(contact.join('\n'), left, y, { width: width / 2, lineGap: 2 });
  facts(doc, left + width / 2, y, width / 2, [
    ['Receipt number', number],
    ['Date paid', formatDay(receipt.paidOn)],
    ['Date issued', formatDay(receipt.issuedAt)],
  ]);

  y = 232;
  doc.font('bold').fontSize(9).fillColor(COLOR.muted).text('RECEIVED FROM', left, y);
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(COLOR.ink)
    .text(receipt.payer.name, left, y + 14, { width });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(receipt.payer.email, left, y + 32, { width });

  // The table of what was paid: its head, the line, the total.
  y = 300;
  const table = { left, width };
  const amount = formatMinorUnits(receipt.amount, receipt.currency);
  const description = receipt.installment
    ? `${receipt.planName}, installment ${receipt.installment.number} of ${receipt.installment.of}`
    : receipt.planName;
  doc.rect(left, y, width, ROW_HEIGHT).fill(COLOR.shade);
  y += tableRow(doc, table, y, ['Description', `Amount (${receipt.currency})`], 'bold', 10);
  if (receipt.discount) {
    // The plan's price, then the code's part of it: the total is what was paid.
    const listPrice = receipt.amount + receipt.discount.amount;
    y += tableRow(
      doc,
      table,
      y,
      [description, formatMinorUnits(listPrice, receipt.currency)],
      'regular',
      10,
    );
    y += tableRow(
      doc,
      table,
      y,
      [
        `Discount code ${receipt.discount.code}`,
        `-${formatMinorUnits(receipt.discount.amount, receipt.currency)}`,
      ],
      'regular',
      10,
    );
  } else {
    y += tableRow(doc, table, y, [description, amount], 'regular', 10);
  }
  rule(doc, left, y, width);
  y += tableRow(doc, table, y, ['Total paid', amount], 'bold', 11) + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1.5)
    .strokeColor(COLOR.ink)
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
    doc.font('regular').fontSize(10).fillColor(COLOR.muted).text(label, left, y, { width: 150 });
    doc
      .font(label === 'Status' ? 'bold' : 'regular')
      .fillColor(label === 'Status' ? (receipt.refundedAt ? COLOR.bad : COLOR.good) : COLOR.ink)
      .text(value, left + 160, y, { width: width - 160 });
    y += Math.max(20, doc.heightOfString(value, { width: width - 160 }) + 8);
  }

  // The foot of the page.
  const footY = doc.page.height - doc.page.margins.bottom - 40;
  rule(doc, left, footY, width);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(
      `Thank you for learning with ${site.name}. Questions about this receipt? Write to ${site.email.display}.`,
      left,
      footY + 10,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}

const ROW_HEIGHT = 28;
const AMOUNT_WIDTH = 140;

/** One row of the table: a description, and an amount aligned right. Returns its height. */
function tableRow(
  doc: PDFKit.PDFDocument,
  table: { left: number; width: number },
  y: number,
  [label, amount]: [string, string],
  font: 'regular' | 'bold',
  size: number,
): number {
  const labelWidth = table.width - AMOUNT_WIDTH - 20;
  doc.font(font).fontSize(size).fillColor(COLOR.ink);
  doc.text(label, table.left + 10, y + 9, { width: labelWidth });
  doc.text(amount, table.left + table.width - AMOUNT_WIDTH - 10, y + 9, {
    width: AMOUNT_WIDTH,
    align: 'right',
  });
  return Math.max(ROW_HEIGHT, doc.heightOfString(label, { width: labelWidth }) + 18);
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
      .fillColor(COLOR.muted)
      .text(label, x, top, { width: width - 120 });
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(COLOR.ink)
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
    .strokeColor(COLOR.rule)
    .stroke();
}
