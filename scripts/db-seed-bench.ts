/**
 * Fills the database with many realistic users for the benchmarks:
 *   npm run db:seed-bench -- 100000
 * It uses DATABASE_URL like the server (SQLite or PostgreSQL), migrates first, and adds
 * the users (it never deletes any): varied first and last names from many languages,
 * several e-mail styles and providers, access and cohort in plausible proportions, and
 * creation dates spread over three years. Rows go in 500 at a time, 5,000 to a
 * transaction. The names are the same on every run (a fixed pseudo-random sequence); the
 * ids are new each run. On PostgreSQL it ends with ANALYZE, as autovacuum soon would.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Access, Cohort, NewUser } from '~/db/schema';
import { EnvError, parseEnv } from '~/lib/env.server';
import { runCommand, withDatabase } from './command-line';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from '../server/demo-users';

const USAGE = 'Usage: npm run db:seed-bench -- COUNT   (1 to 5000000; uses DATABASE_URL)';
const ROWS_PER_INSERT = 500;
const ROWS_PER_TRANSACTION = 5_000;
const SPREAD_MS = 3 * 365 * 24 * 60 * 60 * 1000;

const FIRST_NAMES = [
  // The demo users' first names first, then many more from other languages.
  ...DEMO_FIRST_NAMES,
  'Funmilayo',
  'Ada',
  'Daniel',
  'Grace',
  'Samuel',
  'Esther',
  'David',
  'Mary',
  'John',
  'Blessing',
  'Joseph',
  'Sarah',
  'Michael',
  'Ruth',
  'Peter',
  'Deborah',
  'Anna',
  'Hannah',
  'Jonathan',
  'Maria',
  'José',
  'Lucía',
  'Mateo',
  'Sofía',
  'Diego',
  'Valentina',
  'Camila',
  'Andrés',
  'Fatima',
  'Omar',
  'Layla',
  'Hassan',
  'Mariam',
  'Karim',
  'Nour',
  'Priya',
  'Arjun',
  'Ananya',
  'Rohan',
  'Sanjay',
  'Kavya',
  'Wei',
  'Li',
  'Mei',
  'Jun',
  'Hiroshi',
  'Yuki',
  'Sakura',
  'Minh',
  'Linh',
  'Thanh',
  'Olga',
  'Ivan',
  'Dmitri',
  'Anastasia',
  'Katarzyna',
  'Piotr',
  'Jan',
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Ethan',
  'Chloé',
  'Léa',
  'Lukas',
  'Jonas',
  'Søren',
  'Ingrid',
  'Björn',
  'Zoë',
  'Siobhán',
  'Seán',
  'Kwame',
  'Akosua',
  'Kofi',
  'Abena',
  'Thabo',
  'Lerato',
  'Sipho',
  'Naledi',
  'Wanjiru',
  'Otieno',
  'Achieng',
  'Tariq',
  'Elif',
  'Mehmet',
  'Ayşe',
  'Giulia',
  'Marco',
  'Francesca',
  'Andrea',
  'Nikos',
  'Eleni',
];
const LAST_NAMES = [
  // The demo users' surnames first, then many more from other languages.
  ...DEMO_LAST_NAMES,
  'Ibekwe',
  'Afolabi',
  'Danjuma',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'García',
  'Rodríguez',
  'Martínez',
  'Hernández',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Silva',
  'Santos',
  'Oliveira',
  'Costa',
  'Khan',
  'Ahmed',
  'Ali',
  'Hussain',
  'Rahman',
  'Haddad',
  'Mansour',
  'Sharma',
  'Patel',
  'Gupta',
  'Singh',
  'Iyer',
  'Reddy',
  'Nair',
  'Wang',
  'Zhang',
  'Chen',
  'Liu',
  'Yang',
  'Huang',
  'Tanaka',
  'Suzuki',
  'Takahashi',
  'Nguyen',
  'Tran',
  'Pham',
  'Ivanov',
  'Petrova',
  'Kowalski',
  'Nowak',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Dubois',
  'Lefèvre',
  'Moreau',
  'Rossi',
  'Russo',
  'Bianchi',
  'Papadopoulos',
  'Yılmaz',
  'Kaya',
  'Mensah',
  'Owusu',
  'Boateng',
  'Dlamini',
  'Nkosi',
  'Mokoena',
  'Kamau',
  'Mwangi',
  'Odhiambo',
  "O'Brien",
  'Murphy',
  'Kelly',
  'Andersen',
  'Nielsen',
  'Larsen',
  'Johansson',
  'van der Berg',
  'de Vries',
  'Van Dyk',
];
const PROVIDERS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'proton.me',
  'aol.com',
  'gmx.de',
  'mail.ru',
  'qq.com',
  'yandex.com',
  'live.com',
];
const ORGANISATIONS = [
  'unilag.edu.ng',
  'ui.edu.ng',
  'andela.com',
  'flutterwave.com',
  'paystack.com',
  'student.mit.edu',
  'ox.ac.uk',
  'example.org',
  'acme.io',
  'globex.co',
  'initech.dev',
  'studio-nine.design',
  'bootcamp-alumni.net',
];

/** A small, fast, seeded pseudo-random generator (mulberry32): the same names every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Lower case ASCII for an e-mail's local part: `José O'Brien` → `jose`, `obrien`. */
function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/ı/g, 'i')
    .replace(/ş/g, 's')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export function benchUser(
  random: () => number,
  index: number,
  runId: string,
  start: number,
  stepMs: number,
) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const first = pick(FIRST_NAMES);
  const last = pick(LAST_NAMES);
  const middle = random() < 0.08 ? ` ${pick(FIRST_NAMES)}` : '';
  const name = `${first}${middle} ${last}`;
  const f = ascii(first);
  const l = ascii(last);
  const number = index.toString(36);
  const style = random();
  const local =
    style < 0.35
      ? `${f}.${l}${number}`
      : style < 0.55
        ? `${f}${l}${number}`
        : style < 0.7
          ? `${f[0]}${l}${number}`
          : style < 0.85
            ? `${f}_${number}`
            : `${l}.${f}.${number}`;
  const domain = random() < 0.8 ? pick(PROVIDERS) : pick(ORGANISATIONS);
  const roll = random();
  const access: Access = roll < 0.78 ? 'none' : 'level-1';
  const cohort: Cohort = access === 'level-1' && random() < 0.7 ? 'cohort-1' : 'none';
  const createdAt = new Date(start + Math.floor(index * stepMs + random() * stepMs * 0.9));
  const edited = access !== 'none' || random() < 0.05;
  const user: NewUser = {
    id: `bench-${runId}-${number}`,
    name,
    email: `${local}@${domain}`,
    access,
    cohort,
    created_at: createdAt.toISOString(),
    edited_at: edited
      ? new Date(createdAt.getTime() + Math.floor(random() * 86_400_000)).toISOString()
      : null,
    edited_by: edited ? 'command-line' : null,
  };
  return user;
}

async function main(args: string[]): Promise<void> {
  const count = Number(args[0]);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) throw new EnvError(USAGE);
  const env = parseEnv();
  const started = performance.now();
  await withDatabase(env.DATABASE_URL, async (database) => {
    const random = generator(20_261_121);
    const runId = randomBytes(4).toString('hex');
    // Spread evenly over the last three years (plus jitter), oldest first.
    const start = Date.now() - SPREAD_MS;
    const stepMs = SPREAD_MS / count;
    for (let done = 0; done < count; done += ROWS_PER_TRANSACTION) {
      const end = Math.min(count, done + ROWS_PER_TRANSACTION);
      await database.db.transaction().execute(async (trx) => {
        for (let from = done; from < end; from += ROWS_PER_INSERT) {
          const rows: NewUser[] = [];
          for (let index = from; index < Math.min(end, from + ROWS_PER_INSERT); index += 1) {
            rows.push(benchUser(random, index, runId, start, stepMs));
          }
          await trx.insertInto('users').values(rows).execute();
        }
      });
    }
    if (database.engine === 'postgres') {
      await sql`analyze users, user_search_grams`.execute(database.db);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `db:seed-bench: added ${count} users to ${database.engine} in ${seconds.toFixed(1)} s`,
    );
  });
}

runCommand(() => main(process.argv.slice(2)));
