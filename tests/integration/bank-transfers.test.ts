/**
 * The transfer form and the receipts through the compiled server: the multipart body
 * streamed under its limit, the receipt judged by its bytes, stored without its metadata,
 * and served to its student and to admins only; on SQLite, and on PostgreSQL in its pass.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECEIPT_MAX_BYTES, TRANSFER_MESSAGES } from '~/features/transfers/transfer-form';
import { createAccounts, type Account } from '../support/accounts';
import { useServerWithAdmin } from '../support/server-with-admin';

const app = useServerWithAdmin();

const png = readFileSync(new URL('../fixtures/receipts/receipt.png', import.meta.url));
const today = new Date().toISOString().slice(0, 10);

function transferForm(file: Blob, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  const values = {
    plan: 'fed-upfront',
    amount: '600,000',
    transferDate: today,
    reference: 'Ada Obi',
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  form.set('receipt', file, fileName);
  return form;
}

const submit = (
  account: Account | undefined,
  body: FormData | Blob,
  headers: Record<string, string> = {},
) =>
  fetch(`${app.server.origin}/enroll`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: app.server.origin, ...(account && { Cookie: account.cookie }), ...headers },
    body,
  });

async function student(name = 'Sam Student') {
  const [account] = await createAccounts(app.server.databaseUrl, [{ access: 'none', name }]);
  return account!;
}

const transfersOf = (userId: string) =>
  app.database.db.selectFrom('bank_transfers').selectAll().where('user_id', '=', userId).execute();
const receiptsOf = (userId: string) =>
  app.database.db
    .selectFrom('receipts')
    .select(['id', 'bytes', 'content_type'])
    .where('user_id', '=', userId)
    .execute();

describe('submitting a transfer with its receipt', () => {
  it('stores a PNG receipt without its metadata and goes to the success page', async () => {
    const account = await student();
    const withText = Buffer.concat([
      png.subarray(0, 33),
      // A tEXt chunk (its CRC is not checked on the way in, only the structure).
      Buffer.from([0, 0, 0, 12]),
      Buffer.from('tEXtGPS 6.5 N 3.3 E', 'latin1').subarray(0, 16),
      Buffer.alloc(4),
      png.subarray(33),
    ]);
    const response = await submit(
      account,
      transferForm(new Blob([withText], { type: 'image/png' }), 'receipt.png'),
    );
    expect(response.status).toBe(302);
    const [transfer] = await transfersOf(account.id);
    expect(response.headers.get('location')).toBe(`/success?transfer=${transfer!.id}`);
    expect(transfer).toMatchObject({
      status: 'pending',
      amount: 60_000_000,
      plan_id: 'fed-upfront',
    });
    const [receipt] = await receiptsOf(account.id);
    expect(receipt!.content_type).toBe('image/png');
    expect(Buffer.from(receipt!.bytes).includes('GPS')).toBe(false);

    // The student sees it, as does an admin; another student and a visitor get a 404.
    const url = `${app.server.origin}/receipts/${receipt!.id}`;
    const own = await fetch(url, { headers: { Cookie: account.cookie } });
    expect(own.status).toBe(200);
    expect(Object.fromEntries(own.headers)).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': expect.stringMatching(
        /^inline; filename="receipt-\d{4}-\d{2}-\d{2}\.png"$/,
      ),
    });
    expect((await fetch(url, { headers: { Cookie: app.admin.cookie } })).status).toBe(200);
    const other = await student('Nosy Neighbour');
    expect((await fetch(url, { headers: { Cookie: other.cookie } })).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
    expect(
      (
        await fetch(`${app.server.origin}/receipts/rcp_unknown`, {
          headers: { Cookie: app.admin.cookie },
        })
      ).status,
    ).toBe(404);

    // A second pending transfer (for any plan) is refused with a clear message.
    const again = await submit(account, transferForm(new Blob([png]), 'again.png'));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('You already have a transfer waiting for review.');
  });

  it('refuses an HTML file named .png, and writes nothing', async () => {
    const account = await student();
    const html = new Blob(['<!doctype html><script>alert(document.cookie)</script>'], {
      type: 'image/png',
    });
    const response = await submit(account, transferForm(html, 'receipt.png'));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(TRANSFER_MESSAGES.receiptType);
    expect(await transfersOf(account.id)).toEqual([]);
    expect(await receiptsOf(account.id)).toEqual([]);
  });

  it('refuses 5 MB + 1 byte with 413 and stores nothing; exactly 5 MB is accepted', async () => {
    const account = await student();
    const tooBig = Buffer.alloc(RECEIPT_MAX_BYTES + 1, 0);
    png.copy(tooBig);
    const refused = await submit(account, transferForm(new Blob([tooBig]), 'big.png'));
    expect(refused.status).toBe(413);
    expect(await transfersOf(account.id)).toEqual([]);
    expect(await receiptsOf(account.id)).toEqual([]);
    // A body announced larger than the form's limit is refused before it is read.
    const announced = await fetch(`${app.server.origin}/enroll`, {
      method: 'POST',
      headers: {
        Origin: app.server.origin,
        Cookie: account.cookie,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(RECEIPT_MAX_BYTES * 2),
      },
      body: Buffer.alloc(16),
    }).catch(() => undefined);
    expect(announced?.status ?? 413).toBe(413);

    const pdf = Buffer.alloc(RECEIPT_MAX_BYTES, 0x20);
    Buffer.from('%PDF-1.7\n').copy(pdf);
    const accepted = await submit(account, transferForm(new Blob([pdf]), 'statement.pdf'));
    expect(accepted.status).toBe(302);
    const [receipt] = await receiptsOf(account.id);
    expect(Buffer.from(receipt!.bytes).length).toBe(RECEIPT_MAX_BYTES);
  });

  it('serves a PDF with a script in it as a sandboxed download', async () => {
    const account = await student();
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF',
    );
    expect((await submit(account, transferForm(new Blob([pdf]), 'receipt.pdf'))).status).toBe(302);
    const [receipt] = await receiptsOf(account.id);
    const served = await fetch(`${app.server.origin}/receipts/${receipt!.id}`, {
      headers: { Cookie: account.cookie },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox[;]/);
    expect(served.headers.get('content-disposition')).toMatch(
      /^attachment; filename="receipt-[\d-]+\.pdf"$/,
    );
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('refuses a visitor, a missing receipt, bad fields and a foreign origin, writing nothing', async () => {
    const account = await student();
    const visitor = await submit(undefined, transferForm(new Blob([png]), 'receipt.png'));
    expect(visitor.status).toBe(401);
    const form = transferForm(new Blob([png]), 'receipt.png', {
      amount: 'six hundred',
      transferDate: '2999-01-01',
      reference: '',
      plan: 'free-course',
    });
    const invalid = await submit(account, form);
    expect(invalid.status).toBe(400);
    const text = await invalid.text();
    for (const message of ['amount', 'transferDate', 'reference', 'plan'] as const) {
      expect(text).toContain(TRANSFER_MESSAGES[message]);
    }
    // An amount past any plan (and past PostgreSQL's integer in kobo) is refused, not a 500.
    const huge = await submit(
      account,
      transferForm(new Blob([png]), 'receipt.png', { amount: '30000000' }),
    );
    expect(huge.status).toBe(400);
    const noFile = new FormData();
    noFile.set('plan', 'fed-upfront');
    expect((await submit(account, noFile)).status).toBe(400);
    const foreign = await submit(account, transferForm(new Blob([png]), 'receipt.png'), {
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(await transfersOf(account.id)).toEqual([]);
  });
});
