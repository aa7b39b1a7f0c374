import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalPaymentProvider, LOCAL_SIGNATURE_HEADER } from './local-payments.server';
import { WebhookRejected } from './payment-provider.server';

let server: Server;
let origin: string;
const captured: { body: Buffer; headers: Headers }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) headers.set(key, String(value));
      captured.push({ body: Buffer.concat(chunks), headers });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const event = {
  id: 'evt_1',
  type: 'payment.succeeded' as const,
  order_id: 'ord_1',
  payment_id: 'pay_1',
  amount: 40_000,
  currency: 'USD',
};

describe('the local payment provider’s webhooks', () => {
  it('signs what it delivers, and verifies it back into a payment event', async () => {
    const provider = createLocalPaymentProvider(origin);
    await provider.deliver(event);
    const { body, headers } = captured.at(-1)!;
    expect(headers.get(LOCAL_SIGNATURE_HEADER)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await provider.verifyWebhook(body, headers)).toMatchObject({
      provider: 'local',
      eventId: 'evt_1',
      orderId: 'ord_1',
      kind: 'payment-succeeded',
      paymentId: 'pay_1',
      amount: 40_000,
    });
  });

  it('refuses a changed body, a missing or foreign signature, and a stale one', async () => {
    const provider = createLocalPaymentProvider(origin);
    await provider.deliver(event);
    const { body, headers } = captured.at(-1)!;
    const tampered = Buffer.from(body.toString().replace('40000', '1'));
    await expect(provider.verifyWebhook(tampered, headers)).rejects.toBeInstanceOf(WebhookRejected);
    await expect(provider.verifyWebhook(body, new Headers())).rejects.toThrow(
      'Missing or malformed',
    );
    // Another process's key (a restarted server, an attacker) does not verify here.
    await expect(createLocalPaymentProvider(origin).verifyWebhook(body, headers)).rejects.toThrow(
      'does not match',
    );
    vi.useFakeTimers({ now: Date.now() + 10 * 60_000 });
    try {
      await expect(provider.verifyWebhook(body, headers)).rejects.toThrow('tolerance');
    } finally {
      vi.useRealTimers();
    }
  });
});
