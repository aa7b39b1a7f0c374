/**
 * Payment webhooks (issue 14): signed Stripe `checkout.session.completed` deliveries to the
 * production server, one after another (to access granted), then 100/s by the clock with
 * redeliveries (nothing lost or doubled, checked order by order).
 */
import { findPlan } from '~/content/plans';
import { type DatabaseHandle, type Engine } from '~/db/database.server';
import { nowTimestamp, type Order } from '~/db/schema';
import { createOrder } from '~/features/enrolment/orders.server';
import {
  checkoutSession,
  newStripeId,
  signedStripeEvent,
  startFakeStripe,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from '../../tests/support/fake-stripe';
import {
  envInteger,
  envNumber,
  errorText,
  log,
  onCleanup,
  round,
  sleep,
  summarize,
  tally,
} from '../lib/common';
import { onBothEngines, type EngineResult } from '../lib/postgres';
import { withSiteServer, type AppServer } from '../lib/processes';
import { dashes, definePart, engineName, ms, NA, row, table, verdict, why } from '../lib/report';

/** The plan bought: FrontEnd Bootcamp, paid upfront in USD (one payment). */
const PLAN_ID = 'fed-upfront';
const WARM_UP_DELIVERIES = 20;
/** Every this-many-th delivery of the rate run redelivers an earlier event. */
const DUPLICATE_EVERY = 5;
const GRANT_BUDGET_MS = 50;
const RATE_BUDGET = 100;
/** Answers per second may fall this far short of the offered rate (timer jitter). */
const RATE_TOLERANCE = 0.01;

interface Buyer {
  userId: string;
  order: Order;
  paymentIntent: string;
}

/** Users with a pending Stripe order each, written as `/checkout` would leave them. */
async function createBuyers(database: DatabaseHandle, tag: string, count: number) {
  const plan = findPlan(PLAN_ID);
  if (!plan) throw new Error(`no plan ${PLAN_ID} in app/content/plans.ts`);
  const created = nowTimestamp();
  return database.db.transaction().execute(async (trx) => {
    const ids = Array.from({ length: count }, (_, i) => `bench-pay-${tag}-${i}`);
    for (let start = 0; start < ids.length; start += 100) {
      const users = ids.slice(start, start + 100).map((id) => ({
        id,
        name: `Bench Buyer ${id.slice(10)}`,
        email: `${id}@example.net`,
        access: 'none' as const,
        cohort: 'none' as const,
        created_at: created,
      }));
      await trx.insertInto('users').values(users).execute();
    }
    const buyers: Buyer[] = [];
    for (const userId of ids) {
      const provider = { name: 'stripe', currency: 'USD' } as const;
      const order = await createOrder(trx, { userId, plan, provider });
      buyers.push({ userId, order, paymentIntent: newStripeId('pi') });
    }
    return buyers;
  });
}

/** The paid checkout of a buyer's order, signed now (a redelivery reuses the event id). */
function paidCheckout(buyer: Buyer, eventId?: string) {
  const { order, paymentIntent } = buyer;
  const session = checkoutSession({ orderId: order.id, amount: order.amount, paymentIntent });
  return signedStripeEvent('checkout.session.completed', session, { eventId });
}

async function deliver(
  origin: string,
  delivery: { body: string; headers: Record<string, string> },
) {
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

async function measureGrant(database: DatabaseHandle, server: AppServer, deliveries: number) {
  const warmUp = await createBuyers(database, 'warm', WARM_UP_DELIVERIES);
  for (const buyer of warmUp) await deliver(server.origin, paidCheckout(buyer));
  const buyers = await createBuyers(database, 'grant', deliveries);
  const userIds = buyers.map((buyer) => buyer.userId);
  const users = database.db.selectFrom('users');
  const response: number[] = [];
  const confirmed: number[] = [];
  let non200 = 0;
  let notGranted = 0;
  for (const buyer of buyers) {
    const started = performance.now();
    const answer = await deliver(server.origin, paidCheckout(buyer));
    const answered = performance.now();
    const access = (await users.select('access').where('id', '=', buyer.userId).executeTakeFirst())
      ?.access;
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
  const granted = await users
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('id', 'in', userIds)
    .where('access', '=', 'level-1')
    .executeTakeFirstOrThrow();
  return {
    deliveries,
    /** Request sent → 200 received (the grant has committed): the budget's figure. */
    responseMs: summarize(response, 2),
    /** Request sent → the bench's own read of `users.access` returned `level-1`. */
    confirmedMs: summarize(confirmed, 2),
    non200,
    notGranted: Math.max(notGranted, deliveries - Number(granted.count)),
  };
}

/** Per distinct order: lost if anything the payment should leave is missing, doubled if twice. */
async function checkRate(database: DatabaseHandle, buyers: Buyer[]) {
  const userIds = buyers.map((buyer) => buyer.userId);
  const orderIds = buyers.map((buyer) => buyer.order.id);
  const db = database.db;
  const [payments, enrolments, emails, users, orders] = await Promise.all([
    db.selectFrom('payments').select('order_id').where('user_id', 'in', userIds).execute(),
    db.selectFrom('enrolments').select('order_id').where('user_id', 'in', userIds).execute(),
    db
      .selectFrom('email_outbox')
      .select('user_id')
      .where('user_id', 'in', userIds)
      .where('template', '=', 'payment-received')
      .execute(),
    db.selectFrom('users').select(['id', 'access']).where('id', 'in', userIds).execute(),
    db.selectFrom('orders').select(['id', 'status']).where('id', 'in', orderIds).execute(),
  ]);
  const found = {
    payments: tally(payments, (r) => r.order_id),
    enrolments: tally(enrolments, (r) => r.order_id ?? ''),
    emails: tally(emails, (r) => r.user_id ?? ''),
  };
  const accessOf = new Map(users.map((r) => [r.id, r.access]));
  const statusOf = new Map(orders.map((r) => [r.id, r.status]));
  const checks = {
    ordersNotPaid: 0,
    accessNotLevel1: 0,
    payments: { missing: 0, extra: 0 },
    enrolments: { missing: 0, extra: 0 },
    emails: { missing: 0, extra: 0 },
  };
  let lost = 0;
  let doubled = 0;
  for (const buyer of buyers) {
    const key = { payments: buyer.order.id, enrolments: buyer.order.id, emails: buyer.userId };
    const counts = (['payments', 'enrolments', 'emails'] as const).map((kind) => {
      const n = found[kind].get(key[kind]) ?? 0;
      if (n === 0) checks[kind].missing += 1;
      if (n > 1) checks[kind].extra += 1;
      return n;
    });
    const notPaid = statusOf.get(buyer.order.id) !== 'paid';
    const noAccess = accessOf.get(buyer.userId) !== 'level-1';
    if (notPaid) checks.ordersNotPaid += 1;
    if (noAccess) checks.accessNotLevel1 += 1;
    if (notPaid || noAccess || counts.includes(0)) lost += 1;
    if (counts.some((n) => n > 1)) doubled += 1;
  }
  return { lost, doubled, checks };
}

async function measureRate(
  database: DatabaseHandle,
  server: AppServer,
  perSecond: number,
  seconds: number,
) {
  const total = Math.round(perSecond * seconds);
  const duplicates = Math.floor(total / DUPLICATE_EVERY);
  const buyers = await createBuyers(database, 'rate', total - duplicates);
  // Every DUPLICATE_EVERY-th slot redelivers an event already sent, picked at random among
  // the latest 50 (so some arrive while the first delivery is still in flight).
  const plan: { buyer: Buyer; redelivery: boolean }[] = [];
  for (let i = 0, next = 0; i < total; i += 1) {
    if (i % DUPLICATE_EVERY === DUPLICATE_EVERY - 1) {
      const from = Math.max(0, next - 50);
      plan.push({
        buyer: buyers[from + Math.floor(Math.random() * (next - from))]!,
        redelivery: true,
      });
    } else {
      plan.push({ buyer: buyers[next++]!, redelivery: false });
    }
  }
  const eventIds = new Map<string, string>();
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const sends: number[] = [];
  const answers: number[] = [];
  let maxLag = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 50;
  for (const [i, { buyer, redelivery }] of plan.entries()) {
    const scheduled = start + (i * 1000) / perSecond;
    const wait = scheduled - performance.now();
    if (wait > 0.5) await sleep(wait);
    const delivery = paidCheckout(buyer, redelivery ? eventIds.get(buyer.order.id) : undefined);
    if (!redelivery) eventIds.set(buyer.order.id, delivery.eventId);
    const sentAt = performance.now();
    maxLag = Math.max(maxLag, sentAt - scheduled);
    sends.push(sentAt);
    inFlight.push(
      deliver(server.origin, delivery).then((answer) => {
        const at = performance.now();
        answers.push(at);
        latencies.push(at - sentAt);
        statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
        outcomes[answer.outcome] = (outcomes[answer.outcome] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(inFlight);
  const [firstSend, lastSend] = [sends[0]!, sends.at(-1)!];
  const [firstAnswer, lastAnswer] = [Math.min(...answers), Math.max(...answers)];
  return {
    deliveries: total,
    distinctOrders: buyers.length,
    duplicates,
    /** Deliveries per second the bench actually sent (first to last send). */
    offeredPerSecond: round(((total - 1) * 1000) / (lastSend - firstSend), 1),
    /** Answers per second (first to last answer). */
    achievedPerSecond: round(((total - 1) * 1000) / (lastAnswer - firstAnswer), 1),
    /** Latest a delivery left after its scheduled time (the bench's own event loop). */
    maxSendLagMs: round(maxLag, 1),
    /** Last answer minus last send: the queue left when sending stopped. */
    drainMs: round(lastAnswer - lastSend, 1),
    latencyMs: summarize(latencies, 2),
    non200: total - (statusCodes['200'] ?? 0),
    statusCodes,
    /** The server's `outcome` field: `applied` once per order, `duplicate-event` for repeats. */
    outcomes,
    ...(await checkRate(database, buyers)),
  };
}

async function measure(
  engine: Engine,
  url: string,
  options: { deliveries: number; ratePerSecond: number; rateSeconds: number },
) {
  const stripe = await startFakeStripe();
  const closeStripe = onCleanup('stop the fake Stripe API', () => stripe.close());
  try {
    const env = {
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PAYMENT_PROVIDER: 'stripe',
    };
    return await withSiteServer(
      `payments, ${engine}`,
      url,
      env,
      async ({ database, server, sink }) => {
        log(`payments ${engine}: ${options.deliveries} sequential deliveries`);
        const grant = await measureGrant(database, server, options.deliveries);
        const g = grant.responseMs;
        log(`payments ${engine}: grant p50 ${g.p50} ms, p95 ${g.p95} ms, max ${g.max} ms`);
        log(
          `payments ${engine}: ${options.ratePerSecond}/s for ${options.rateSeconds} s, every ${DUPLICATE_EVERY}th a redelivery`,
        );
        const rate = await measureRate(
          database,
          server,
          options.ratePerSecond,
          options.rateSeconds,
        );
        log(
          `payments ${engine}: ${rate.achievedPerSecond}/s answered (offered ${rate.offeredPerSecond}/s), p95 ${rate.latencyMs.p95} ms, ` +
            `non-200 ${rate.non200}, lost ${rate.lost}, doubled ${rate.doubled}`,
        );
        // Messages the SMTP sink had received when the engine's run ended (sent after the answers).
        return { grant, rate, emailsSent: sink.received.length };
      },
    );
  } finally {
    await closeStripe();
  }
}

async function run() {
  const options = {
    deliveries: envInteger('BENCH_PAYMENTS_DELIVERIES', 300),
    ratePerSecond: envNumber('BENCH_PAYMENTS_RATE', 100),
    rateSeconds: envNumber('BENCH_PAYMENTS_SECONDS', 10),
  };
  const engines = await onBothEngines('payments', (engine, url) => measure(engine, url, options));
  const duplicateShare = 1 / DUPLICATE_EVERY;
  return { ...options, warmUpDeliveries: WARM_UP_DELIVERIES, duplicateShare, engines };
}
type PaymentsResult = Awaited<ReturnType<typeof run>>;
type PaymentsEngine = EngineResult<Awaited<ReturnType<typeof measure>>>;

function judge(payments: PaymentsResult | undefined) {
  const grantLabel = (engine: string) =>
    `Webhook to access granted p95 < ${GRANT_BUDGET_MS} ms, ${engine} (issue 14)`;
  const rateLabel = (engine: string) =>
    `${RATE_BUDGET} webhook deliveries/s sustained, none lost or doubled, ${engine} (issue 14)`;
  if (!payments) {
    return ['SQLite', 'PostgreSQL'].flatMap((name) => [
      row(grantLabel(name), '', NA),
      row(rateLabel(name), '', NA),
    ]);
  }
  const floor = RATE_BUDGET * (1 - RATE_TOLERANCE);
  return payments.engines.flatMap((engine: PaymentsEngine) => {
    const name = engineName(engine.engine);
    const { grant, rate } = engine;
    const problems = grant
      ? [
          grant.non200 ? `${grant.non200} answers not 200` : '',
          grant.notGranted ? `${grant.notGranted} users not level-1` : '',
        ].filter(Boolean)
      : [];
    return [
      grant
        ? row(
            grantLabel(name),
            `p95 ${ms(grant.responseMs.p95)} (p50 ${ms(grant.responseMs.p50)}, max ${ms(grant.responseMs.max)}) over ${grant.deliveries} sequential deliveries` +
              (problems.length ? `; ${problems.join(', ')}` : ''),
            verdict(grant.responseMs.p95 < GRANT_BUDGET_MS && problems.length === 0),
          )
        : row(grantLabel(name), why(engine), NA),
      rate
        ? row(
            rateLabel(name),
            `${rate.achievedPerSecond}/s answered (offered ${rate.offeredPerSecond}/s), p95 ${ms(rate.latencyMs.p95)} under load; ` +
              `${rate.lost} lost, ${rate.doubled} doubled, ${rate.non200} not 200 (${rate.distinctOrders} orders + ${rate.duplicates} redeliveries)`,
            verdict(
              rate.offeredPerSecond >= floor &&
                rate.achievedPerSecond >= floor &&
                rate.lost + rate.doubled + rate.non200 === 0,
            ),
          )
        : row(rateLabel(name), why(engine), NA),
    ];
  });
}

function details(payments: PaymentsResult) {
  const three = (s: { p50: number; p95: number; max: number }) =>
    `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)}`;
  const rows = payments.engines.map((engine: PaymentsEngine) => {
    const { grant, rate } = engine;
    const name = engineName(engine.engine);
    if (!grant && !rate) return dashes([name, why(engine, '–')], 11);
    const g = (text: (figures: NonNullable<typeof grant>) => string) => (grant ? text(grant) : '–');
    const r = (text: (figures: NonNullable<typeof rate>) => string) => (rate ? text(rate) : '–');
    return [
      name,
      g((grant) => three(grant.responseMs)),
      g((grant) => ms(grant.confirmedMs.p95)),
      g((grant) => `${grant.non200} / ${grant.notGranted}`),
      r((rate) => `${rate.offeredPerSecond} → ${rate.achievedPerSecond}/s`),
      r((rate) => three(rate.latencyMs)),
      r((rate) => `${rate.lost} / ${rate.doubled}`),
      r((rate) => String(rate.non200)),
      r((rate) =>
        Object.entries(rate.outcomes)
          .map(([outcome, n]) => `${outcome} ${n}`)
          .join(', '),
      ),
      r((rate) => `${ms(rate.maxSendLagMs)} / ${ms(rate.drainMs)}`),
      engine.emailsSent === undefined ? '–' : String(engine.emailsSent),
    ];
  });
  const head = ['engine', 'grant p50 / p95 / max', 'grant confirmed by a read, p95'];
  const lines = [
    table(
      [
        ...head,
        'not 200 / not level-1',
        'offered → answered',
        'under load p50 / p95 / max',
        'lost / doubled',
        'not 200',
        'outcomes',
        'send lag max / drain',
        'e-mails sent',
      ],
      rows,
    ),
    '',
    `Grant: ${payments.deliveries} signed \`checkout.session.completed\` events for as many pending orders of distinct users, ` +
      `posted one after another to the production server's \`/webhooks/stripe\` (after ${payments.warmUpDeliveries} untimed ones), each timed from sending to its answer ` +
      '(the server answers 200 after the transaction that raises the access has committed), then the access read back from the database. ' +
      `Rate: ${Math.round(payments.ratePerSecond * payments.rateSeconds)} deliveries scheduled by the clock at ${payments.ratePerSecond}/s for ${payments.rateSeconds} s (open loop), ` +
      `every ${Math.round(1 / payments.duplicateShare)}th a redelivery of an earlier event (same event id); afterwards every distinct order must have exactly one payment, ` +
      'one enrolment, one `payment-received` e-mail, status paid and its buyer at level-1 (lost: any missing; doubled: any twice). ' +
      '"Answered" is answers per second from the first to the last answer; "drain" is the last answer minus the last send.',
    '',
  ];
  for (const engine of payments.engines as PaymentsEngine[]) {
    const checks = engine.rate?.checks;
    if (!checks || (engine.rate?.lost === 0 && engine.rate?.doubled === 0)) continue;
    const pair = (kind: 'payments' | 'enrolments' | 'emails') =>
      `${kind === 'emails' ? 'e-mails' : kind} missing ${checks[kind].missing} / twice ${checks[kind].extra}`;
    lines.push(
      `${engineName(engine.engine)}: orders not paid ${checks.ordersNotPaid}, users not level-1 ${checks.accessNotLevel1}; ` +
        `${pair('payments')}, ${pair('enrolments')}, ${pair('emails')}.`,
      '',
    );
  }
  return lines.join('\n');
}

export default definePart({ title: 'Payment webhooks', needsBuild: true, run, judge, details });
