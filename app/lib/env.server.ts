import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from '~/lib/zod';
import { addressKey, parseMailbox } from './mail-address';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const positiveNumber = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a positive number' })
    .positive('must be a positive number')
    .default(fallback);

const wholeNumber = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a positive whole number' })
    .int('must be a positive whole number')
    .positive('must be a positive whole number')
    .default(fallback);

/** Whether this runtime's ICU knows the zone (`Africa/Lagos`, `UTC`…). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name !== '';
  } catch {
    return false;
  }
}

const academyTimeZoneSchema = z
  .string()
  .trim()
  .default('Africa/Lagos')
  .refine(isTimeZone, 'must be an IANA time zone such as Africa/Lagos or Europe/London');

/** An Ed25519 private key as a JWK (RFC 8037): what `npm run credentials -- generate-key` prints. */
export interface Ed25519PrivateJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d: string;
}

const base64urlKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const credentialSigningKeySchema = optionalText.pipe(
  z
    .string()
    .transform((value, ctx) => {
      const key = z
        .object({
          kty: z.literal('OKP'),
          crv: z.literal('Ed25519'),
          x: base64urlKey,
          d: base64urlKey,
        })
        .safeParse(parseJson(value));
      if (key.success && publicHalfMatches(key.data)) return key.data satisfies Ed25519PrivateJwk;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be an Ed25519 private key as a JWK: {"kty":"OKP","crv":"Ed25519","x":"…","d":"…"} (npm run credentials -- generate-key prints one)',
      });
      return z.NEVER;
    })
    .optional(),
);

/** Whether `x` is the public key of `d`: a key pasted from two places would sign unverifiably. */
function publicHalfMatches(jwk: Ed25519PrivateJwk): boolean {
  try {
    const privateKey = createPrivateKey({ key: { ...jwk }, format: 'jwk' });
    return createPublicKey(privateKey).export({ format: 'jwk' }).x === jwk.x;
  } catch {
    return false;
  }
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

const envSchema = z
  .object({
    /** Read by React and its libraries at load; checked here so a typo is named. */
    NODE_ENV: optionalText.pipe(oneOf(['development', 'production', 'test']).optional()),
    PORT: z.coerce
      .number({ error: 'must be a whole number between 1 and 65535' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535')
      .default(3000),
    /** The interface to listen on; unset means every interface, or loopback with the local provider. */
    HOST: optionalText,
    ORIGIN: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.com' })
        .optional(),
    ),
    DATABASE_URL: z.string().trim().default('./data/bootcamp.sqlite'),
    LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
    TRUST_PROXY: oneOf(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    /**
     * Signs the flash cookie; comma-separated to rotate (the first signs, every one is
     * accepted). Unset: a random key per process, so instances behind one load balancer
     * need the same value or a toast after a redirect may not show.
     */
    COOKIE_SECRET: optionalText.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((secret) => secret.trim()))
        .refine(
          (secrets) => secrets.every((secret) => secret.length >= 32),
          'must be one or more comma-separated secrets of at least 32 characters each',
        )
        .optional(),
    ),
    GOOGLE_CLIENT_ID: optionalText,
    /** Another OpenID provider in Google's place (tests use a fake one on loopback). */
    OIDC_ISSUER: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
    GOOGLE_CLIENT_SECRET: optionalText,
    /** Kept in the form sign-ins are matched in (`addressKey`); a look-alike is refused. */
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value, ctx) =>
        value
          .split(',')
          .filter((email) => email.trim())
          .map((email) => {
            const key = addressKey(email);
            if (key === undefined) {
              ctx.addIssue({
                code: 'custom',
                message: `must be plain ASCII e-mail addresses (${JSON.stringify(email.trim())} is not)`,
              });
            }
            return key ?? '';
          }),
      ),
    /** The SMTP server, e.g. `smtps://user:pass@smtp.example.com:465`; unset: the local mailbox. */
    SMTP_URL: optionalText.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error:
            'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465',
        })
        .optional(),
    ),
    /** The sender of every e-mail: `Frontier Dev Academy <hello@example.com>`. */
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .refine((value) => parseMailbox(value) !== undefined, {
          error: 'must be an e-mail address, optionally with a name: Name <hello@example.com>',
        })
        .optional(),
    ),
    /** Stripe's secret API key (`sk_…`, or a restricted `rk_…`): card payments in USD. */
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key: sk_live_… or sk_test_…')
        .optional(),
    ),
    /** The signing secret of the Stripe webhook endpoint (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret: whsec_…')
        .optional(),
    ),
    /** Paystack's secret key (`sk_…`): payments in naira; it also signs Paystack's webhooks. */
    PAYSTACK_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^sk_(test|live)_\w+$/, 'must be a Paystack secret key: sk_live_… or sk_test_…')
        .optional(),
    ),
    /** Which provider Pay Now uses when both are configured (webhooks of both are accepted). */
    PAYMENT_PROVIDER: optionalText.pipe(oneOf(['stripe', 'paystack']).optional()),
    /** Other API bases for the providers (tests run in-process fakes of them on loopback). */
    STRIPE_API_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
    PAYSTACK_API_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
    /**
     * The academy's time zone (IANA name): live-class times are entered in it and shown in
     * it until the viewer's browser shows its own.
     */
    ACADEMY_TIME_ZONE: academyTimeZoneSchema,
    /**
     * Days after a failed installment before its access pauses; `0`: never pause
     * (decision 053).
     */
    OVERDUE_GRACE_DAYS: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(0, 'must be 0 (never pause) or more')
      .max(365, 'must be at most 365 days')
      .default(14),
    /**
     * The key that signs certificates' credentials (decision 051). Unset: a key generated at the
     * first start and kept in the database.
     */
    CREDENTIAL_SIGNING_KEY: credentialSigningKeySchema,
    SESSION_IDLE_DAYS: positiveNumber(7),
    SESSION_MAX_DAYS: positiveNumber(30),
    /** Sign-in attempts per client address per 10 minutes: a class of 100 behind one NAT passes. */
    SIGN_IN_RATE_LIMIT: wholeNumber(300),
    /** Discount codes one signed-in person may try per 10 minutes (decision 062). */
    DISCOUNT_CODE_RATE_LIMIT: wholeNumber(10),
    /** Discount codes tried per client address per 10 minutes, by everyone behind it. */
    DISCOUNT_CODE_ADDRESS_RATE_LIMIT: wholeNumber(30),
    SHUTDOWN_TIMEOUT_MS: wholeNumber(10_000),
    /** After SIGTERM: how long the server keeps serving (readiness failing) before it closes. */
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more')
      .default(5_000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'must be set together with the other Google credential',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message: 'must be set together with the other Stripe key',
      });
    }
    const configured = { stripe: env.STRIPE_SECRET_KEY, paystack: env.PAYSTACK_SECRET_KEY };
    if (env.PAYMENT_PROVIDER && !configured[env.PAYMENT_PROVIDER]) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: `names ${env.PAYMENT_PROVIDER}, whose keys are not set`,
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'must be set when SMTP_URL is: the address your mail provider lets you send from',
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { ORIGIN: string };

/** Values that may hold a password: an error names them but never repeats them. */
const SECRET_VARIABLES = new Set([
  'COOKIE_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'SMTP_URL',
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYSTACK_SECRET_KEY',
  'CREDENTIAL_SIGNING_KEY',
]);

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment once; every bad variable is named on its own line. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      const raw = source[name];
      const shown =
        raw === undefined || SECRET_VARIABLES.has(name)
          ? ''
          : ` (got ${JSON.stringify(raw.slice(0, 80))})`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new EnvError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const env = result.data;
  return {
    ...env,
    ORIGIN: (env.ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}

const parsedZones = new Map<string | undefined, string>();

/**
 * ACADEMY_TIME_ZONE as `parseEnv` reads it, for code far from any request that still names
 * class times (the e-mails a payment or an admin's change queues): start-up has checked it.
 * Parsed once per value, not once per e-mail.
 */
export function academyTimeZone(source: NodeJS.ProcessEnv = process.env): string {
  const raw = source.ACADEMY_TIME_ZONE;
  let zone = parsedZones.get(raw);
  if (zone === undefined) {
    zone = academyTimeZoneSchema.parse(raw);
    parsedZones.set(raw, zone);
  }
  return zone;
}

const parsedSigningKeys = new Map<string | undefined, Ed25519PrivateJwk | undefined>();

/**
 * CREDENTIAL_SIGNING_KEY as `parseEnv` reads it, for the credentials' code, which is called
 * with a database and not the server's settings (start-up has checked it). Parsed once per
 * value.
 */
export function credentialSigningKey(
  source: NodeJS.ProcessEnv = process.env,
): Ed25519PrivateJwk | undefined {
  const raw = source.CREDENTIAL_SIGNING_KEY;
  if (!parsedSigningKeys.has(raw))
    parsedSigningKeys.set(raw, credentialSigningKeySchema.parse(raw));
  return parsedSigningKeys.get(raw);
}
