import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The project's root: the nearest folder above this module with a package.json, the same
 * from the source (tests, `npm run dev`) and from the built server in `build/server/`.
 */
function projectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('No package.json above the receipt fonts');
    folder = parent;
  }
  return folder;
}

const FALLBACK_FONTS = join(projectRoot(), 'app/features/receipts/fonts');

/**
 * Fonts for the scripts DejaVu Sans lacks, in one weight each, embedded as subsets like
 * DejaVu, and opened only by a receipt that needs them (decision 066; the files and their
 * licences are in `fonts/`). A character goes to the first font whose pattern it matches;
 * any other to DejaVu, which has Latin, Greek, Cyrillic, Arabic and Hebrew.
 */
const FALLBACKS = [
  {
    name: 'cjk',
    file: 'DroidSansFallback-CJK.ttf',
    space: false,
    // Han, kana, and the CJK symbols and full-width forms that go with them.
    pattern: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u,
  },
  { name: 'hangul', file: 'NanumSquareR.ttf', space: true, pattern: /\p{Script=Hangul}/u },
  // With the dandas, which Unicode counts as common to the Indic scripts.
  {
    name: 'devanagari',
    file: 'NotoSansDevanagari-Regular.ttf',
    space: true,
    pattern: /[\p{Script=Devanagari}\u0964\u0965]/u,
  },
] as const;

type FontName = 'regular' | 'bold' | (typeof FALLBACKS)[number]['name'];

/** A letter, mark or digit picks a font; anything else (spaces, punctuation) joins its run. */
const PICKS_A_FONT = /[\p{L}\p{M}\p{N}\u0964\u0965\u3000-\u303f\uff00-\uffef]/u;
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;

interface Run {
  font: FontName;
  text: string;
  rtl: boolean;
}

/**
 * `text` cut into runs of one font and one direction, in the order they are drawn: a
 * right-to-left run is laid out whole by fontkit, which orders its glyphs from the right,
 * and a text that begins right to left has its runs from the right too (the Unicode
 * bidirectional algorithm's two levels; numbers and nesting are not handled).
 */
function textRuns(text: string, base: 'regular' | 'bold'): Run[] {
  const runs: Run[] = [];
  for (const character of text) {
    const last = runs.at(-1);
    // DejaVu has every space and punctuation mark: its runs take them in. A fallback font's
    // run takes a space if the font has one (the CJK subset has none), so that a name in
    // one script stays one run.
    const joins =
      last?.font === base ||
      (character === ' ' && FALLBACKS.some((font) => font.name === last?.font && font.space));
    if (last && joins && !PICKS_A_FONT.test(character)) {
      last.text += character;
      continue;
    }
    const font = FALLBACKS.find(({ pattern }) => pattern.test(character))?.name ?? base;
    const rtl = RIGHT_TO_LEFT.test(character);
    if (last && last.font === font && last.rtl === rtl) last.text += character;
    else runs.push({ font, text: character, rtl });
  }
  const firstStrong = runs.find((run) => /\p{L}/u.test(run.text));
  return firstStrong?.rtl ? runs.reverse() : runs;
}

/** DejaVu Sans's ascender (hhea: 1901 of 2048 units): every run shares its baseline. */
const ASCENDER = 1901 / 2048;

/**
 * Text a person typed (a name, an address), at (x, y) in `font`. Text DejaVu draws alone,
 * left to right, wraps in `width` as any text; other text is drawn run by run on one line.
 * A Devanagari run is drawn in a marked span whose ActualText is the run as typed: its
 * glyphs are not in the order of its characters (a vowel sign drawn before its consonant),
 * and copying or extracting it should read the characters. A right-to-left run needs none:
 * readers put its glyphs, drawn from the right, back in order.
 */
function typedText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  { font, size, width }: { font: 'regular' | 'bold'; size: number; width: number },
) {
  const runs = textRuns(text, font);
  if (runs.length === 1 && runs[0]!.font === font && !runs[0]!.rtl) {
    doc.font(font).fontSize(size).text(text, x, y, { width });
    return;
  }
  let at = x;
  for (const run of runs) {
    const reordered = run.font === 'devanagari';
    if (reordered) doc.markContent('Span', { actual: run.text });
    // Within a right-to-left run, no-break spaces: readers that order a line's words by the
    // page's direction (poppler) then keep the run one word, and read it from the right.
    const drawn = run.rtl ? run.text.replaceAll(' ', '\u00a0') : run.text;
    doc.font(run.font).fontSize(size);
    doc.text(drawn, at, y + ASCENDER * size, { lineBreak: false, baseline: 'alphabetic' });
    if (reordered) doc.endMarkedContent();
    at += doc.widthOfString(drawn);
  }
}

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
  const number = formatReceiptNumber(receipt.number);
  const { doc, done } = await openReceiptDocument(receipt, number);
  const left = doc.page.margins.left;
  const page = { left, width: doc.page.width - left - doc.page.margins.right };
  drawHeaderBand(doc, page, number);
  drawContactsAndFacts(doc, page, receipt, number);
  drawPayer(doc, page, receipt);
  const y = drawPaidTable(doc, page, receipt);
  drawPaymentDetails(doc, page, receipt, y + 24);
  drawFoot(doc, page);
  doc.end();
  return done;
}

/** The page's left edge and the width between its margins. */
interface Page {
  left: number;
  width: number;
}

/** The document with its metadata and fonts, and the bytes it will have once ended. */
async function openReceiptDocument(receipt: ReceiptDetails, number: string) {
  const { default: PDFDocument } = await import('pdfkit');
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
  // Registered by name only: a font file is read when a run first uses it.
  for (const fallback of FALLBACKS) {
    doc.registerFont(fallback.name, join(FALLBACK_FONTS, fallback.file));
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The header band: the academy's name and what the page is. */
function drawHeaderBand(doc: PDFKit.PDFDocument, { left, width }: Page, number: string) {
  doc.rect(0, 0, doc.page.width, 96).fill(COLOR.band);
  doc.font('bold').fontSize(20).fillColor('#ffffff').text(site.name, left, 34, { width });
  doc.font('regular').fontSize(11).text('Receipt', left, 62, { width });
  doc.font('bold').fontSize(20).text(number, left, 34, { width, align: 'right' });
}

/** The academy's address and contacts, then the receipt's facts beside them. */
function drawContactsAndFacts(
  doc: PDFKit.PDFDocument,
  { left, width }: Page,
  receipt: ReceiptDetails,
  number: string,
) {
  const y = 124;
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  const contact = [...site.postalAddress, site.email.display, site.phone.display];
  doc.text(contact.join('\n'), left, y, { width: width / 2, lineGap: 2 });
  facts(doc, left + width / 2, y, width / 2, [
    ['Receipt number', number],
    ['Date paid', formatDay(receipt.paidOn)],
    ['Date issued', formatDay(receipt.issuedAt)],
  ]);
}

function drawPayer(doc: PDFKit.PDFDocument, { left, width }: Page, receipt: ReceiptDetails) {
  const y = 232;
  doc.font('bold').fontSize(9).fillColor(COLOR.muted).text('RECEIVED FROM', left, y);
  doc.fillColor(COLOR.ink);
  typedText(doc, receipt.payer.name, left, y + 14, { font: 'bold', size: 12, width });
  typedText(doc, receipt.payer.email, left, y + 32, { font: 'regular', size: 10, width });
}

/** The table of what was paid: its head, the line, the total. Returns where it ends. */
function drawPaidTable(doc: PDFKit.PDFDocument, table: Page, receipt: ReceiptDetails): number {
  const { left, width } = table;
  let y = 300;
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
  return y;
}

/** How it was paid, and where the money stands. */
function drawPaymentDetails(
  doc: PDFKit.PDFDocument,
  { left, width }: Page,
  receipt: ReceiptDetails,
  top: number,
) {
  let y = top;
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
    const font = label === 'Status' ? 'bold' : 'regular';
    doc.fillColor(label === 'Status' ? (receipt.refundedAt ? COLOR.bad : COLOR.good) : COLOR.ink);
    // A transfer's reference is typed by the student, in any script.
    typedText(doc, value, left + 160, y, { font, size: 10, width: width - 160 });
    y += Math.max(20, doc.font(font).heightOfString(value, { width: width - 160 }) + 8);
  }
}

function drawFoot(doc: PDFKit.PDFDocument, { left, width }: Page) {
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
