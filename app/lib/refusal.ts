/**
 * The one way a domain function refuses a person's request (decision 079): it returns
 * `{ ok: false, reason }`, with a reason its feature types, and never throws a class or
 * carries an HTTP status. What went wrong that nobody asked for (a bug, the environment, a
 * provider) stays an exception.
 */
// Distributed over the reasons, so that checking one reason narrows the rest.
export type Refusal<Reason extends string> = Reason extends string
  ? { ok: false; reason: Reason }
  : never;

/** What a domain function answers: done, with what it made, or refused, with why. */
export type Result<Done extends object, Refused extends Refusal<string>> =
  ({ ok: true } & Done) | Refused;

/** `{ ok: false, reason }`, with the reason's literal type kept. */
export function refusal<const Reason extends string>(reason: Reason): Refusal<Reason> {
  return { ok: false, reason } as Refusal<Reason>;
}
