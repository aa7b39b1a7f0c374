/**
 * An in-process fake of the parts of Paystack's API the adapter calls (Initialize and
 * Verify Transaction, plans, Fetch Customer, List, Fetch and Disable Subscription, its
 * manage link), on loopback, and webhook bodies shaped
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
  /**
   * What Fetch Subscription answers, by subscription code (List Subscriptions too, with its
   * status, `active` unless set, and its e-mail token, `tok_{code}`).
   */
  subscriptions: Map<
    string,
    { customer: { customer_code: string }; plan: { plan_code: string }; status?: string }
  >;
  /** The subscription codes a manage link was generated for (issue 32). */
  manageLinks: string[];
  /** Every Disable Subscription request body (`code` and `token`). */
  disabled: Record<string, unknown>[];
  /** While set, the subscription and customer endpoints answer this status (Paystack down). */
  subscriptionsAnswer: number | undefined;
  close: () => Promise<void>;
}

const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
let transactionIds = 4_000_000;
export const nextPaystackId = () => ++transactionIds;

export async function startFakePaystack(): Promise<FakePaystack> {
  // One object, which the test and the handler share: a flag the test sets is seen here.
  const fake: FakePaystack = {
    url: '',
    close: () => new Promise((resolve) => server.close(() => resolve())),
    initialized: [],
    plans: [],
    transactions: new Map(),
    subscriptions: new Map(),
    manageLinks: [],
    disabled: [],
    subscriptionsAnswer: undefined,
  };
  /** Fetch Customer's numeric id of a customer code, which List Subscriptions filters by. */
  const customerIds = new Map<string, number>();
  const customerIdOf = (customerCode: string) => {
    if (!customerIds.has(customerCode)) customerIds.set(customerCode, nextPaystackId());
    return customerIds.get(customerCode)!;
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
      if (
        fake.subscriptionsAnswer &&
        (path.startsWith('/subscription') || path.startsWith('/customer'))
      ) {
        return send(fake.subscriptionsAnswer, { status: false, message: 'Paystack is down' });
      }
      const customer = /^\/customer\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && customer) {
        const customerCode = decodeURIComponent(customer[1]!);
        return send(200, {
          status: true,
          message: 'Customer retrieved',
          data: { id: customerIdOf(customerCode), customer_code: customerCode },
        });
      }
      if (req.method === 'GET' && path === '/subscription') {
        const customerId = Number(url.searchParams.get('customer'));
        return send(200, {
          status: true,
          message: 'Subscriptions retrieved',
          data: [...fake.subscriptions]
            .filter(([, found]) => customerIdOf(found.customer.customer_code) === customerId)
            .map(([subscriptionCode, found]) => ({
              ...found,
              subscription_code: subscriptionCode,
              email_token: `tok_${subscriptionCode}`,
              status: found.status ?? 'active',
            })),
        });
      }
      if (req.method === 'POST' && path === '/subscription/disable') {
        const found = fake.subscriptions.get(String(body.code));
        if (!found || body.token !== `tok_${String(body.code)}`) {
          return send(404, { status: false, message: 'Subscription with code not found' });
        }
        fake.disabled.push(body);
        found.status = 'cancelled';
        return send(200, { status: true, message: 'Subscription disabled successfully' });
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
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
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

/**
 * Paystack's `charge.success` as its documentation shows it, with the personal values it
 * carries under keys that do not say so: a checkout's `custom_fields`, the page it came from,
 * a bank transfer's sender and narration.
 */
export const documentedChargeSuccess = (name: string, email: string) => ({
  event: 'charge.success',
  data: {
    id: 302961,
    domain: 'live',
    status: 'success',
    reference: 'ord-documented',
    amount: 15000000,
    message: null,
    gateway_response: 'Approved',
    paid_at: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T09:59:00.000Z',
    channel: 'dedicated_nuban',
    currency: 'NGN',
    ip_address: '41.242.49.37',
    metadata: {
      order_id: 'ord-documented',
      custom_fields: [
        { display_name: 'Mobile Number', variable_name: 'mobile_number', value: '+2348012345678' },
        { display_name: 'Guardian', variable_name: 'guardian', value: `Parent of ${name}` },
      ],
      referrer: `https://academy.example/enroll?who=${encodeURIComponent(email)}`,
    },
    fees: 150000,
    customer: {
      id: 68324,
      first_name: name.split(' ')[0],
      last_name: name.split(' ')[1],
      email,
      customer_code: 'CUS_qo38as2hpsgk2r0',
      phone: null,
      metadata: null,
      risk_action: 'default',
    },
    authorization: {
      authorization_code: 'AUTH_f5rnfq9p',
      bin: '008XXX',
      last4: 'X553',
      channel: 'dedicated_nuban',
      bank: 'Wema Bank',
      country_code: 'NG',
      sender_bank: 'Kuda Bank',
      sender_bank_account_number: 'XXXXXX4693',
      sender_name: name.toUpperCase(),
      narration: `NIP: ${name.toUpperCase()}-1234567890 tuition`,
      receiver_bank_account_number: '9930000902',
    },
    plan: { plan_code: 'PLN_gx2wn530m0i3w3m', name: 'FrontEnd Bootcamp in 3 Installments' },
  },
});
