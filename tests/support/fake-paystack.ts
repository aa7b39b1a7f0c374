/**
 * An in-process fake of the parts of Paystack's API the adapter calls (Initialize and
 * Verify Transaction, plans, Fetch Subscription, its manage link), on loopback, and webhook bodies shaped
 * as Paystack sends them, signed with HMAC-SHA512 of the raw body and the secret key.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export const PAYSTACK_SECRET_KEY = 'sk_test_fakePaystackKey';

export interface PaystackTransaction {
  id: number;
  reference: string;
  status: 'success' | 'failed' | 'abandoned' | 'reversed';
  amount: number;
  currency: string;
  /** What the transaction was started with: Paystack's own examples show `0` for none. */
  metadata: Record<string, string> | '' | 0;
  customer: { customer_code: string; email: string };
  plan: { plan_code?: string; name?: string } | null;
}

export interface FakePaystack {
  url: string;
  /** Every Initialize Transaction request body. */
  initialized: Record<string, unknown>[];
  /** Plans, as created through the API. */
  plans: {
    name: string;
    plan_code: string;
    amount: number;
    interval: string;
    invoice_limit: number;
    currency: string;
  }[];
  /** What Verify Transaction answers, by reference. */
  transactions: Map<string, PaystackTransaction>;
  /** What Fetch Subscription answers, by subscription code. */
  subscriptions: Map<string, { customer: { customer_code: string }; plan: { plan_code: string } }>;
  /** The subscription codes a manage link was generated for (issue 32). */
  manageLinks: string[];
  close: () => Promise<void>;
}

const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
let transactionIds = 4_000_000;
export const nextPaystackId = () => ++transactionIds;

export async function startFakePaystack(): Promise<FakePaystack> {
  const fake: Omit<FakePaystack, 'url' | 'close'> = {
    initialized: [],
    plans: [],
    transactions: new Map(),
    subscriptions: new Map(),
    manageLinks: [],
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://paystack.test');
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      const send = (status: number, answer: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (req.headers.authorization !== `Bearer ${PAYSTACK_SECRET_KEY}`) {
        return send(401, { status: false, message: 'Invalid key' });
      }
      const path = url.pathname;
      if (req.method === 'POST' && path === '/transaction/initialize') {
        if (body.reference !== undefined && !/^[A-Za-z0-9.=-]+$/.test(String(body.reference))) {
          // Initialize Transaction's documented rule for `reference`.
          return send(400, {
            status: false,
            message:
              'Invalid transaction reference. Only -, ., = and alphanumeric characters allowed',
          });
        }
        fake.initialized.push(body);
        const accessCode = code('ac');
        return send(200, {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.com/${accessCode}`,
            access_code: accessCode,
            reference: body.reference,
          },
        });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
      if (req.method === 'GET' && verify) {
        const transaction = fake.transactions.get(decodeURIComponent(verify[1]!));
        if (!transaction) {
          return send(400, { status: false, message: 'Transaction reference not found' });
        }
        return send(200, {
          status: true,
          message: 'Verification successful',
          data: {
            ...transaction,
            domain: 'test',
            gateway_response: 'Successful',
            channel: 'card',
            plan: transaction.plan?.plan_code ?? null,
            plan_object: transaction.plan ?? {},
          },
        });
      }
      if (path === '/plan') {
        if (req.method === 'POST') {
          const plan = { ...body, plan_code: code('PLN') };
          fake.plans.push(plan);
          return send(201, { status: true, message: 'Plan created', data: plan });
        }
        const amount = Number(url.searchParams.get('amount'));
        return send(200, {
          status: true,
          message: 'Plans retrieved',
          data: fake.plans.filter((plan) => !amount || plan.amount === amount),
        });
      }
      const manage = /^\/subscription\/([^/]+)\/manage\/link$/.exec(path);
      if (req.method === 'GET' && manage) {
        const subscriptionCode = decodeURIComponent(manage[1]!);
        if (!fake.subscriptions.has(subscriptionCode)) {
          return send(404, { status: false, message: 'Subscription not found' });
        }
        fake.manageLinks.push(subscriptionCode);
        return send(200, {
          status: true,
          message: 'Link generated',
          data: {
            link: `https://paystack.com/manage/subscriptions/${subscriptionCode}?subscription_token=${code('tok')}`,
          },
        });
      }
      const subscription = /^\/subscription\/(.+)$/.exec(path);
      if (req.method === 'GET' && subscription) {
        const found = fake.subscriptions.get(decodeURIComponent(subscription[1]!));
        if (!found) return send(404, { status: false, message: 'Subscription not found' });
        return send(200, { status: true, message: 'Subscription retrieved', data: found });
      }
      send(404, { status: false, message: `No route ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A webhook delivery: the body and its `x-paystack-signature` header. */
export function signedPaystackEvent(
  event: string,
  data: object,
  secret = PAYSTACK_SECRET_KEY,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event, data });
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'x-paystack-signature': createHmac('sha512', secret).update(body).digest('hex'),
    },
  };
}

/** `charge.success` as Paystack sends it for a transaction (its data is the transaction). */
export function chargeSuccess(transaction: PaystackTransaction) {
  return {
    ...transaction,
    domain: 'test',
    status: 'success',
    gateway_response: 'Successful',
    paid_at: new Date().toISOString(),
    channel: 'card',
    plan: transaction.plan ?? {},
  };
}

export function invoicePaymentFailed(subscriptionCode: string, customerCode: string) {
  return {
    domain: 'test',
    invoice_code: code('INV'),
    amount: 0,
    status: 'failed',
    paid: false,
    subscription: { status: 'attention', subscription_code: subscriptionCode },
    customer: { customer_code: customerCode },
    transaction: {},
  };
}

/**
 * `refund.processed` as Paystack documents it: no id of its own, the refund named by
 * `refund_reference`, its amount in a string.
 */
export function refundProcessed(transaction: PaystackTransaction, amount = transaction.amount) {
  return {
    status: 'processed',
    transaction_reference: transaction.reference,
    refund_reference: String(nextPaystackId() * 1000 + 360),
    amount: String(amount),
    currency: transaction.currency,
    processor: 'mastercard',
    customer: { first_name: 'Test', last_name: 'Buyer', email: transaction.customer.email },
    integration: 412829,
    domain: 'test',
  };
}

export const newPaystackCode = code;
