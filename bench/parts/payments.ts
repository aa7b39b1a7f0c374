/** Stripe webhooks (issue 14): sequential deliveries to access, then 100/s with redeliveries. */
import { sql } from 'kysely';
import { findPlan } from '~/content/plans';
import type { DatabaseHandle } from '~/db/database.server';
import { nowTimestamp, type Order } from '~/db/schema';
import { createOrder } from '~/features/enrolment/orders.server';
import * as fake from '../../tests/support/fake-stripe';
import * as c from '../lib/common';
import { send } from '../lib/http';
import { onBothEngines } from '../lib/postgres';
import { withSite } from '../lib/processes';
import * as r from '../lib/report';

/** The plan bought: FrontEnd Bootcamp, paid upfront in USD (one payment). */
const PLAN_ID = 'fed-upfront';
const WARM_UP_DELIVERIES = 20;
/** Every this-many-th delivery of the rate run redelivers an earlier event. */
const DUPLICATE_EVERY = 5;
const GRANT_BUDGET_MS = 50;
const RATE_BUDGET = 100;
/** Answers per second may fall this far short of the offered rate (timer jitter). */
const RATE_TOLERANCE = 0.01;

type Buyer = { userId: string; order: Order; paymentIntent: string };

/** Users with a pending Stripe order each, written as `/checkout` would leave them. */
async function createBuyers({ db }: DatabaseHandle, tag: string, count: number) {
  const plan = findPlan(PLAN_ID);
  if (!plan) throw new Error(`no plan ${PLAN_ID} in app/content/plans.ts`);
  const ids = Array.from({ length: count }, (_, i) => `bench-pay-${tag}-${i}`);
  return db.transaction().execute(async (trx) => {
    for (let start = 0; start < ids.length; start += 100) {
      const users = ids.slice(start, start + 100).map((id) => ({
        ...{ id, name: `Bench Buyer ${id.slice(10)}`, email: `${id}@example.net` },
        created_at: nowTimestamp(),
      }));
      await trx.insertInto('users').values(users).execute();
    }
    const [buyers, provider] = [[] as Buyer[], { name: 'stripe', currency: 'USD' } as const];
    for (const userId of ids) {
      const order = await createOrder(trx, { userId, plan, provider });
      buyers.push({ userId, order, paymentIntent: fake.newStripeId('pi') });
    }
    return buyers;
  });
}

/** The paid checkout of a buyer's order, signed now (a redelivery reuses the event id). */
function paidCheckout({ order, paymentIntent }: Buyer, eventId?: string) {
  const session = fake.checkoutSession({ orderId: order.id, amount: order.amount, paymentIntent });
  return fake.signedStripeEvent('checkout.session.completed', session, { eventId });
}

/** Posts an event to the webhook. */
const deliver = (origin: string, event: { body: string; headers: Record<string, string> }) =>
  send(`${origin}/webhooks/stripe`, { method: 'POST', ...event });

async function measureGrant(database: DatabaseHandle, origin: string, deliveries: number) {
  for (const buyer of await createBuyers(database, 'warm', WARM_UP_DELIVERIES)) {
    await deliver(origin, paidCheckout(buyer));
  }
  const buyers = await createBuyers(database, 'grant', deliveries);
  const users = database.db.selectFrom('users').select('access');
  const response: number[] = [];
  let non200 = 0;
  for (const buyer of buyers) {
    const answer = await deliver(origin, paidCheckout(buyer));
    if (answer.status !== 200) non200 += 1;
    const access = await users.where('id', '=', buyer.userId).executeTakeFirst();
    if (access?.access !== 'level-1') continue;
    response.push(answer.ms);
  }
  // Once more for all of them at the end: nothing granted was taken back meanwhile.
  const ids = buyers.map((buyer) => buyer.userId);
  const granted = await users.where('id', 'in', ids).where('access', '=', 'level-1').execute();
  return {
    deliveries,
    /** Request sent → 200 received (the grant has committed): the budget's figure. */
    responseMs: c.summarize(response, 2),
    non200,
    notGranted: Math.max(deliveries - response.length, deliveries - granted.length),
  };
}

/** Per distinct order: lost if anything the payment should leave is missing, doubled if twice. */
async function checkRate({ db }: DatabaseHandle, buyers: Buyer[]) {
  const ids = sql.join(buyers.map((buyer) => buyer.userId));
  const { rows } = await sql<{ kind: string; user_id: string }>`
    select 'payment' as kind, user_id from payments where user_id in (${ids})
    union all select 'enrolment', user_id from enrolments where user_id in (${ids})
    union all select 'e-mail', user_id from email_outbox
      where template = 'payment-received' and user_id in (${ids})
    union all select 'paid', user_id from orders where status = 'paid' and user_id in (${ids})
    union all select 'level-1', id from users where access = 'level-1' and id in (${ids})
  `.execute(db);
  const counts = c.tally(rows, (row) => `${row.kind} ${row.user_id}`);
  const kinds = ['payment', 'enrolment', 'e-mail', 'paid', 'level-1'];
  const found = ({ userId }: Buyer) => kinds.map((kind) => counts.get(`${kind} ${userId}`) ?? 0);
  const lost = buyers.filter((buyer) => found(buyer).includes(0)).length;
  return { lost, doubled: buyers.filter((buyer) => found(buyer).some((n) => n > 1)).length };
}

async function measureRate(
  database: DatabaseHandle,
  origin: string,
  perSecond: number,
  seconds: number,
) {
  const total = Math.round(perSecond * seconds);
  const duplicates = Math.floor(total / DUPLICATE_EVERY);
  const buyers = await createBuyers(database, 'rate', total - duplicates);
  const eventIds = new Map<Buyer, string>();
  const [latencies, sends, answers] = [[], [], []] as [number[], number[], number[]];
  const inFlight: Promise<number>[] = [];
  const start = performance.now() + 50;
  for (let i = 0, next = 0; i < total; i += 1) {
    // Every DUPLICATE_EVERY-th slot redelivers an event already sent, picked at random among
    // the latest 50 (so some arrive while the first delivery is still in flight).
    const redelivery = i % DUPLICATE_EVERY === DUPLICATE_EVERY - 1;
    const from = Math.max(0, next - 50);
    const buyer = redelivery
      ? buyers[from + Math.floor(Math.random() * (next - from))]!
      : buyers[next++]!;
    const wait = start + (i * 1000) / perSecond - performance.now();
    if (wait > 0.5) await c.sleep(wait);
    sends.push(performance.now());
    const event = paidCheckout(buyer, redelivery ? eventIds.get(buyer) : undefined);
    if (!redelivery) eventIds.set(buyer, event.eventId);
    inFlight.push(
      deliver(origin, event).then((answer) => {
        answers.push(performance.now());
        return latencies.push(answer.ms) && answer.status;
      }),
    );
  }
  const non200 = (await Promise.all(inFlight)).filter((status) => status !== 200).length;
  const rateOf = (times: number[]) =>
    c.round(((total - 1) * 1000) / (Math.max(...times) - Math.min(...times)), 1);
  return {
    deliveries: total,
    distinctOrders: buyers.length,
    duplicates,
    /** Deliveries per second the bench actually sent (first to last send). */
    offeredPerSecond: rateOf(sends),
    /** Answers per second (first to last answer). */
    achievedPerSecond: rateOf(answers),
    latencyMs: c.summarize(latencies, 2),
    non200,
    ...(await checkRate(database, buyers)),
  };
}

async function run() {
  const options = {
    deliveries: c.envInteger('BENCH_PAYMENTS_DELIVERIES', 300),
    ratePerSecond: c.envNumber('BENCH_PAYMENTS_RATE', 100),
    rateSeconds: c.envNumber('BENCH_PAYMENTS_SECONDS', 10),
  };
  const { deliveries, ratePerSecond: perSecond, rateSeconds } = options;
  const engines = await onBothEngines('payments', async (engine, fresh) => {
    const stripe = await fake.startFakeStripe();
    const closeStripe = c.onCleanup('stop the fake Stripe API', () => stripe.close());
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = fake;
    const stripeEnv = { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url };
    const env = { ...stripeEnv, PAYMENT_PROVIDER: 'stripe' };
    try {
      return await withSite(`payments, ${engine}`, await fresh(), { env }, async (site) => {
        const origin = site.servers[0]!.origin;
        c.log(`payments ${engine}: ${deliveries} sequential deliveries, then ${perSecond}/s`);
        const grant = await measureGrant(site.database, origin, deliveries);
        const rate = await measureRate(site.database, origin, perSecond, rateSeconds);
        // Messages the SMTP sink had received when the engine's run ended (sent after the answers).
        return { grant, rate, emailsSent: site.mailReceived() };
      });
    } finally {
      await closeStripe();
    }
  });
  return { ...options, warmUpDeliveries: WARM_UP_DELIVERIES, engines };
}
type PaymentsResult = Awaited<ReturnType<typeof run>>;

function judge(payments: PaymentsResult | undefined) {
  const floor = RATE_BUDGET * (1 - RATE_TOLERANCE);
  return r.perEngine(
    payments?.engines,
    [
      (name) => `Webhook to access granted p95 < ${GRANT_BUDGET_MS} ms, ${name} (issue 14)`,
      (name) =>
        `${RATE_BUDGET} webhook deliveries/s sustained, none lost or doubled, ${name} (issue 14)`,
    ],
    ({ grant, rate }) => {
      const problems = [
        grant?.non200 ? `${grant.non200} answers not 200` : '',
        grant?.notGranted ? `${grant.notGranted} users not level-1` : '',
      ].filter(Boolean);
      return [
        grant &&
          r.judged(
            `p95 ${r.ms(grant.responseMs.p95)} (p50 ${r.ms(grant.responseMs.p50)}, max ${r.ms(grant.responseMs.max)}) over ${grant.deliveries} sequential deliveries` +
              (problems.length ? `; ${problems.join(', ')}` : ''),
            grant.responseMs.p95 < GRANT_BUDGET_MS && problems.length === 0,
          ),
        rate &&
          r.judged(
            `${rate.achievedPerSecond}/s answered (offered ${rate.offeredPerSecond}/s), p95 ${r.ms(rate.latencyMs.p95)} under load; ` +
              `${rate.lost} lost, ${rate.doubled} doubled, ${rate.non200} not 200 (${rate.distinctOrders} orders + ${rate.duplicates} redeliveries)`,
            Math.min(rate.offeredPerSecond, rate.achievedPerSecond) >= floor &&
              rate.lost + rate.doubled + rate.non200 === 0,
          ),
      ];
    },
  );
}

/** The budget rows hold every timing; only the e-mails sent are not there. */
function details(payments: PaymentsResult) {
  const sent = payments.engines.flatMap(({ engine, emailsSent }) =>
    emailsSent === undefined ? [] : [`${r.engineName(engine)}: ${emailsSent} e-mails sent.\n`],
  );
  return [...sent, r.unmeasured(payments.engines)].join('\n');
}

export default r.definePart({ title: 'Payment webhooks', needsBuild: true, run, judge, details });
