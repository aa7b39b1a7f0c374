import type { Refusal } from '~/lib/refusal';

/**
 * The done half of a domain function's result (decision 079), for a test's setup that
 * expects no refusal: a refusal fails the test with its reason.
 */
export function accepted<Answer extends { ok: true } | Refusal<string>>(
  result: Answer,
): Extract<Answer, { ok: true }> {
  if (!result.ok) throw new Error(`Refused: ${result.reason}`);
  return result as Extract<Answer, { ok: true }>;
}
