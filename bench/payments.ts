/**
 * Payment webhooks (issue 14's budgets) through the production server, on SQLite (a WAL
 * file, as in production) and on PostgreSQL: Stripe `checkout.session.completed` events
 * signed as Stripe signs them, posted to `/webhooks/stripe`.
 * - webhook to access granted: sequential deliveries for distinct pending orders of
 *   distinct users, each timed from sending the request to its answer (the webhook answers
 *   200 only after the transaction that raises the access has committed), and the access
 *   then read back from the database;
 * - sustained rate: deliveries scheduled by the clock at 100 per second (open loop: the
 *   next one goes out on time whether or not earlier ones were answered), about a fifth of
 *   them redeliveries of earlier events; afterwards the database must hold exactly one
 *   payment, one enrolment and one `payment-received` e-mail for every distinct order.
 */
import { findPlan } from '~/content/plans';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { nowTimestamp, type Order } from '~/db/schema';
import { createOrder } from '~/features/enrolment/orders.server';
import {
  checkoutSession,
  newStripeId,
  signedStripeEvent,
  startFakeStripe,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from '../tests/support/fake-stripe';
import { startSmtpSink } from '../tests/support/smtp-sink';
import {
  envNumber,
  errorText,
  log,
  onCleanup,
  round,
  sleep,
  summarize,
  type Summary,
  roundSummary,
} from './lib/common';
import { onBothEngines } from './lib/postgres';
import { startAppServer, type AppServer } from './lib/processes';

/** The plan bought: FrontEnd Bootcamp, paid upfront in USD (one payment). */
const PLAN_ID = 'fed-upfront';
const WARM_UP_DELIVERIES = 20;
/** Every this-many-th delivery of the rate run redelivers an earlier event. */
const DUPLICATE_EVERY = 5;

export interface GrantFigures {
  deliveries: number;
  /** Request sent → 200 received (the grant has committed): the budget's figure. */
  responseMs: Summary;
  /** Request sent → the bench's own read of `users.access` returned `level-1`. */
  confirmedMs: Summary;
  non200: number;
  /** Users whose access did not read `level-1` after their delivery was answered. */
  notGranted: number;
}

export interface RateFigures {
  deliveries: number;
  distinctOrders: number;
  duplicates: number;
  /** Deliveries per second the bench actually sent (first to last send). */
  offeredPerSecond: number;
  /** Answers per second (first to last answer). */
  achievedPerSecond: number;
  /** Latest a delivery left after its scheduled time (the bench's own event loop). */
  maxSendLagMs: number;
  /** Last answer minus last send: the queue left when sending stopped. */
  drainMs: number;
  /** Each delivery from its send to its answer, under the load. */
  latencyMs: Summary;
  non200: number;
  statusCodes: Record<string, number>;
  /** The server's `outcome` field: `applied` once per order, `duplicate-event` for repeats. */
  outcomes: Record<string, number>;
  /** Distinct orders missing a payment, an enrolment, their e-mail or `level-1`. */
  lost: number;
  /** Distinct orders with more than one payment, enrolment or e-mail. */
  doubled: number;
  /** Where lost / doubled came from, for the report. */
  checks: {
    ordersNotPaid: number;
    accessNotLevel1: number;
    payments: { missing: number; extra: number };
    enrolments: { missing: number; extra: number };
    emails: { missing: number; extra: number };
  };
}

export interface PaymentsEngineResult {
  engine: 'sqlite' | 'postgres';
  skipped?: string;
  error?: string;
  grant?: GrantFigures;
  rate?: RateFigures;
  /** Messages the SMTP sink had received when the engine's run ended (sent after the answers). */
  emailsSent?: number;
}

export interface PaymentsResult {
  deliveries: number;
  warmUpDeliveries: number;
  ratePerSecond: number;
  rateSeconds: number;
  duplicateShare: number;
  engines: PaymentsEngineResult[];
}

interface Buyer {
  userId: string;
  order: Order;
  paymentIntent: string;
}

interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** Users with a pending Stripe order each, written as `/checkout` would leave them. */
async function createBuyers(
  database: DatabaseHandle,
  tag: string,
  count: number,
): Promise<Buyer[]> {
  const plan = findPlan(PLAN_ID);
  if (!plan) throw new Error(`no plan ${PLAN_ID} in app/content/plans.ts`);
  const created = nowTimestamp();
  return database.db.transaction().execute(async (trx) => {
    const ids = Array.from({ length: count }, (_, i) => `bench-pay-${tag}-${i}`);
    for (let start = 0; start < ids.length; start += 100) {
      await trx
        .insertInto('users')
        .values(
          ids.slice(start, start + 100).map((id) => ({
            id,
            name: `Bench Buyer ${id.slice(10)}`,
            email: `${id}@example.net`,
            access: 'none' as const,
            cohort: 'none' as const,
            created_at: created,
          })),
        )
        .execute();
    }
    const buyers: Buyer[] = [];
    for (const userId of ids) {
      const order = await createOrder(trx, {
        userId,
        plan,
        provider: { name: 'stripe', currency: 'USD' },
      });
      buyers.push({ userId, order, paymentIntent: newStripeId('pi') });
    }
    return buyers;
  });
}

/** The paid checkout of a buyer's order, signed now (a redelivery reuses the event id). */
function paidCheckout(buyer: Buyer, eventId?: string): Delivery & { eventId: string } {
  return signedStripeEvent(
    'checkout.session.completed',
    checkoutSession({
      orderId: buyer.order.id,
      amount: buyer.order.amount,
      paymentIntent: buyer.paymentIntent,
    }),
    { eventId },
  );
}

async function deliver(
  origin: string,
  delivery: Delivery,
): Promise<{ status: number; outcome: string }> {
  try {
    const response = await fetch(`${origin}/webhooks/stripe`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let outcome = `HTTP ${response.status}`;
    try {
      outcome = String((JSON.parse(text) as { outcome?: unknown }).outcome ?? outcome);
    } catch {
      // not JSON: keep the status
    }
    return { status: response.status, outcome };
  } catch (error) {
    return { status: 0, outcome: `failed: ${errorText(error).slice(0, 80)}` };
  }
}

async function accessOf(database: DatabaseHandle, userId: string): Promise<string | undefined> {
  const row = await database.db
    .selectFrom('users')
    .select('access')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.access;
}

async function measureGrant(
  database: DatabaseHandle,
  server: AppServer,
  deliveries: number,
): Promise<GrantFigures> {
  const warmUp = await createBuyers(database, 'warm', WARM_UP_DELIVERIES);
  for (const buyer of warmUp) await deliver(server.origin, paidCheckout(buyer));
  const buyers = await createBuyers(database, 'grant', deliveries);
  const response: number[] = [];
  const confirmed: number[] = [];
  let non200 = 0;
  let notGranted = 0;
  for (const buyer of buyers) {
    const delivery = paidCheckout(buyer);
    const started = performance.now();
    const answer = await deliver(server.origin, delivery);
    const answered = performance.now();
    const access = await accessOf(database, buyer.userId);
    const read = performance.now();
    if (answer.status !== 200) non200 += 1;
    if (access !== 'level-1') {
      notGranted += 1;
      continue;
    }
    response.push(answered - started);
    confirmed.push(read - started);
  }
  // Once more for all of them at the end: nothing granted was taken back meanwhile.
  const granted = await database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(
      'id',
      'in',
      buyers.map((buyer) => buyer.userId),
    )
    .where('access', '=', 'level-1')
    .executeTakeFirstOrThrow();
  notGranted = Math.max(notGranted, deliveries - Number(granted.count));
  return {
    deliveries,
    responseMs: summarize(response),
    confirmedMs: summarize(confirmed),
    non200,
    notGranted,
  };
}

const count = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

async function checkRate(database: DatabaseHandle, buyers: Buyer[]) {
  const userIds = buyers.map((buyer) => buyer.userId);
  const orderIds = buyers.map((buyer) => buyer.order.id);
  const [payments, enrolments, emails, users, orders] = await Promise.all([
    database.db.selectFrom('payments').select('order_id').where('user_id', 'in', userIds).execute(),
    database.db
      .selectFrom('enrolments')
      .select('order_id')
      .where('user_id', 'in', userIds)
      .execute(),
    database.db
      .selectFrom('email_outbox')
      .select('user_id')
      .where('user_id', 'in', userIds)
      .where('template', '=', 'payment-received')
      .execute(),
    database.db.selectFrom('users').select(['id', 'access']).where('id', 'in', userIds).execute(),
    database.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', orderIds).execute(),
  ]);
  const paymentsOf = count(payments, (row) => row.order_id);
  const enrolmentsOf = count(enrolments, (row) => row.order_id ?? '');
  const emailsOf = count(emails, (row) => row.user_id ?? '');
  const accessOfUser = new Map(users.map((row) => [row.id, row.access]));
  const statusOf = new Map(orders.map((row) => [row.id, row.status]));
  const checks: RateFigures['checks'] = {
    ordersNotPaid: 0,
    accessNotLevel1: 0,
    payments: { missing: 0, extra: 0 },
    enrolments: { missing: 0, extra: 0 },
    emails: { missing: 0, extra: 0 },
  };
  let lost = 0;
  let doubled = 0;
  for (const buyer of buyers) {
    const found = {
      payments: paymentsOf.get(buyer.order.id) ?? 0,
      enrolments: enrolmentsOf.get(buyer.order.id) ?? 0,
      emails: emailsOf.get(buyer.userId) ?? 0,
    };
    const notPaid = statusOf.get(buyer.order.id) !== 'paid';
    const noAccess = accessOfUser.get(buyer.userId) !== 'level-1';
    if (notPaid) checks.ordersNotPaid += 1;
    if (noAccess) checks.accessNotLevel1 += 1;
    for (const kind of ['payments', 'enrolments', 'emails'] as const) {
      if (found[kind] === 0) checks[kind].missing += 1;
      if (found[kind] > 1) checks[kind].extra += 1;
    }
    const values = Object.values(found);
    if (notPaid || noAccess || values.some((value) => value === 0)) lost += 1;
    if (values.some((value) => value > 1)) doubled += 1;
  }
  return { lost, doubled, checks };
}

async function measureRate(
  database: DatabaseHandle,
  server: AppServer,
  perSecond: number,
  seconds: number,
): Promise<RateFigures> {
  const total = Math.round(perSecond * seconds);
  const duplicates = Math.floor(total / DUPLICATE_EVERY);
  const buyers = await createBuyers(database, 'rate', total - duplicates);
  // The plan: every DUPLICATE_EVERY-th slot redelivers an event already sent, picked at
  // random among the latest 50 (so some arrive while the first delivery is still in flight).
  const plan: { buyer: Buyer; redelivery: boolean }[] = [];
  let next = 0;
  for (let i = 0; i < total; i += 1) {
    if (i % DUPLICATE_EVERY === DUPLICATE_EVERY - 1) {
      const from = Math.max(0, next - 50);
      const earlier = buyers[from + Math.floor(Math.random() * (next - from))]!;
      plan.push({ buyer: earlier, redelivery: true });
    } else {
      plan.push({ buyer: buyers[next]!, redelivery: false });
      next += 1;
    }
  }
  const eventIds = new Map<string, string>();
  const intervalMs = 1000 / perSecond;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  let firstSend = Number.NaN;
  let lastSend = Number.NaN;
  let firstAnswer = Number.POSITIVE_INFINITY;
  let lastAnswer = 0;
  let maxLag = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 50;
  for (let i = 0; i < plan.length; i += 1) {
    const scheduled = start + i * intervalMs;
    const wait = scheduled - performance.now();
    if (wait > 0.5) await sleep(wait);
    const { buyer, redelivery } = plan[i]!;
    const delivery = paidCheckout(buyer, redelivery ? eventIds.get(buyer.order.id) : undefined);
    if (!redelivery) eventIds.set(buyer.order.id, delivery.eventId);
    const sentAt = performance.now();
    maxLag = Math.max(maxLag, sentAt - scheduled);
    if (i === 0) firstSend = sentAt;
    lastSend = sentAt;
    inFlight.push(
      deliver(server.origin, delivery).then((answer) => {
        const at = performance.now();
        firstAnswer = Math.min(firstAnswer, at);
        lastAnswer = Math.max(lastAnswer, at);
        latencies.push(at - sentAt);
        statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
        outcomes[answer.outcome] = (outcomes[answer.outcome] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(inFlight);
  const checked = await checkRate(database, buyers);
  const non200 = Object.entries(statusCodes)
    .filter(([status]) => status !== '200')
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    deliveries: total,
    distinctOrders: buyers.length,
    duplicates,
    offeredPerSecond: round(((total - 1) * 1000) / (lastSend - firstSend), 1),
    achievedPerSecond: round(((total - 1) * 1000) / (lastAnswer - firstAnswer), 1),
    maxSendLagMs: round(maxLag, 1),
    drainMs: round(lastAnswer - lastSend, 1),
    latencyMs: summarize(latencies),
    non200,
    statusCodes,
    outcomes,
    ...checked,
  };
}

async function measureEngine(
  engine: 'sqlite' | 'postgres',
  url: string,
  options: { deliveries: number; perSecond: number; seconds: number },
): Promise<PaymentsEngineResult> {
  const database = openDatabase(url);
  const stripe = await startFakeStripe();
  const closeStripe = onCleanup('stop the fake Stripe API', () => stripe.close());
  const sink = await startSmtpSink();
  const closeSink = onCleanup('stop the SMTP sink', () => sink.close());
  let server: AppServer | undefined;
  try {
    // Migrated here, so the bench's own connection sees every table the server uses.
    await migrateToLatest(database.db);
    server = await startAppServer(`site server (payments, ${engine})`, url, {
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PAYMENT_PROVIDER: 'stripe',
      // E-mail goes out through SMTP as in production (to a sink in the bench process).
      SMTP_URL: sink.url,
      MAIL_FROM: 'Bench <bench@example.net>',
    });
    log(`payments ${engine}: ${options.deliveries} sequential deliveries`);
    const grant = await measureGrant(database, server, options.deliveries);
    log(
      `payments ${engine}: grant p50 ${round(grant.responseMs.p50)} ms, p95 ${round(grant.responseMs.p95)} ms, max ${round(grant.responseMs.max)} ms`,
    );
    log(
      `payments ${engine}: ${options.perSecond}/s for ${options.seconds} s, every ${DUPLICATE_EVERY}th a redelivery`,
    );
    const rate = await measureRate(database, server, options.perSecond, options.seconds);
    log(
      `payments ${engine}: ${rate.achievedPerSecond}/s answered (offered ${rate.offeredPerSecond}/s), p95 ${round(rate.latencyMs.p95)} ms, ` +
        `non-200 ${rate.non200}, lost ${rate.lost}, doubled ${rate.doubled}`,
    );
    return {
      engine,
      grant: {
        ...grant,
        responseMs: roundSummary(grant.responseMs),
        confirmedMs: roundSummary(grant.confirmedMs),
      },
      rate: { ...rate, latencyMs: roundSummary(rate.latencyMs) },
      emailsSent: sink.received.length,
    };
  } finally {
    await server?.stop();
    await database.close();
    await closeSink();
    await closeStripe();
  }
}

export async function runPayments(): Promise<PaymentsResult> {
  const options = {
    deliveries: Math.round(envNumber('BENCH_PAYMENTS_DELIVERIES', 300)),
    perSecond: envNumber('BENCH_PAYMENTS_RATE', 100),
    seconds: envNumber('BENCH_PAYMENTS_SECONDS', 10),
  };
  const engines = await onBothEngines<PaymentsEngineResult>(
    'payments',
    (engine, url) => measureEngine(engine, url, options),
    (engine, outcome) => ({ engine, ...outcome }),
  );
  return {
    deliveries: options.deliveries,
    warmUpDeliveries: WARM_UP_DELIVERIES,
    ratePerSecond: options.perSecond,
    rateSeconds: options.seconds,
    duplicateShare: 1 / DUPLICATE_EVERY,
    engines,
  };
}
