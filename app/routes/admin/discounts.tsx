import { data } from 'react-router';
import { z } from '~/lib/zod';
import { findPlan, plans } from '~/content/plans';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import {
  CODE_PATTERN,
  DISCOUNT_INTENTS,
  DISCOUNT_MESSAGES,
  type DiscountField,
} from '~/features/discounts/discount-form';
import {
  createDiscountCode,
  deactivateDiscountCode,
  findDiscountCode,
  listDiscountCodes,
  planChoices,
  suggestDiscountCode,
} from '~/features/discounts/discounts.server';
import { DiscountsView } from '~/features/discounts/discounts-view';
import { redirectWithFlash } from '~/lib/flash.server';
import { formatUsd } from '~/lib/format';
import { calendarDay, FORM_UNREADABLE, wholeNumber } from '~/lib/form-fields';
import { parseFields, readForm, refuseForm } from '~/lib/form.server';
import type { Refusal } from '~/lib/refusal';
import { refuseWith, type RefusalAnswers } from '~/lib/refusal.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import { utcDay } from '~/lib/days';
import type { Route } from './+types/discounts';

/** How the page answers a refused new code (decision 079). */
const DISCOUNT_REFUSALS: RefusalAnswers<Refusal<'codeTaken'>, DiscountField> = {
  codeTaken: { status: 409, message: DISCOUNT_MESSAGES.codeTaken, field: 'code' },
};

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

const createSchema = z
  .object({
    intent: z.literal(DISCOUNT_INTENTS.create),
    code: z
      .string({ error: DISCOUNT_MESSAGES.code })
      .trim()
      .regex(CODE_PATTERN, DISCOUNT_MESSAGES.code),
    kind: z.enum(['percent', 'amount'], { error: DISCOUNT_MESSAGES.kind }),
    percentOff: wholeNumber(DISCOUNT_MESSAGES.percentOff, 1, 100, { optional: true }),
    amountOff: wholeNumber(DISCOUNT_MESSAGES.amountOff, 1, 1_000_000, { optional: true }),
    plans: z
      .union([z.string(), z.array(z.string())], { error: DISCOUNT_MESSAGES.plans })
      .transform((chosen) => [...new Set([chosen].flat())])
      .refine(
        (chosen) => chosen.length > 0 && chosen.every((id) => findPlan(id) !== undefined),
        DISCOUNT_MESSAGES.plans,
      ),
    maxUses: wholeNumber(DISCOUNT_MESSAGES.maxUses, 1, 1_000_000, { optional: true }),
    expiresOn: calendarDay(DISCOUNT_MESSAGES.expiresOn, { optional: true }).refine(
      (day) => day === null || day >= utcDay(),
      DISCOUNT_MESSAGES.expiresOn,
    ),
    note: z.string().trim().max(200, DISCOUNT_MESSAGES.note).default(''),
  })
  .superRefine((form, context) => {
    // The field of the kind chosen must be filled; an amount off must fit every plan chosen.
    if (form.kind === 'percent' && form.percentOff === null) {
      context.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: DISCOUNT_MESSAGES.percentOff,
      });
    }
    if (form.kind === 'amount') {
      if (form.amountOff === null) {
        context.addIssue({
          code: 'custom',
          path: ['amountOff'],
          message: DISCOUNT_MESSAGES.amountOff,
        });
        return;
      }
      const cheapest = Math.min(...form.plans.map((id) => findPlan(id)?.amount ?? Infinity));
      if (form.amountOff > cheapest) {
        context.addIssue({
          code: 'custom',
          path: ['amountOff'],
          message: DISCOUNT_MESSAGES.amountOverPrice(formatUsd(cheapest)),
        });
      }
    }
  });

const discountFormSchema = z.discriminatedUnion(
  'intent',
  [
    createSchema,
    // No id finds no code: the same 404 as an unknown one.
    z.object({ intent: z.literal(DISCOUNT_INTENTS.deactivate), id: z.string().default('') }),
  ],
  { error: FORM_UNREADABLE },
);

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServerContext(context);
  return {
    codes: await listDiscountCodes(db),
    plans: planChoices(),
    suggestedCode: suggestDiscountCode(),
  };
}

/**
 * New code and Deactivate. Bad input is answered 400 (409 for a code that exists) with the
 * reason beside its field and what was typed; both are audited in the log with the admin.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const admin = await requireAdmin(ctx);
  const form = await readForm(request);
  const parsed = parseFields(form, discountFormSchema);
  // What was typed, the plans ticked as one value, so a refused form is filled again.
  const typed = { ...(!parsed.ok && parsed.errors.values), plans: form?.getAll('plans').join(',') };
  if (!parsed.ok) return refuseForm({ ...parsed.errors, values: typed });
  const { db } = ctx;
  const { data: fields } = parsed;
  if (fields.intent === DISCOUNT_INTENTS.deactivate) {
    const code = await deactivateDiscountCode(db, fields.id);
    if (!code) {
      if (await findDiscountCode(db, fields.id)) {
        return refuseForm({ formError: DISCOUNT_MESSAGES.alreadyInactive, fieldErrors: {} }, 409);
      }
      throw data(DISCOUNT_MESSAGES.notFound, { status: 404 });
    }
    ctx.log.info({ event: 'discount-deactivated', code: code.code, by: admin.id }, 'audit');
    return redirectWithFlash(ctx, '/admin/discounts', {
      type: 'success',
      message: DISCOUNT_MESSAGES.deactivated(code.code),
    });
  }
  const created = await createDiscountCode(
    db,
    {
      code: fields.code,
      percentOff: fields.kind === 'percent' ? fields.percentOff! : null,
      amountOff: fields.kind === 'amount' ? fields.amountOff! : null,
      planIds: plans.map((plan) => plan.id).filter((id) => fields.plans.includes(id)),
      maxUses: fields.maxUses,
      expiresOn: fields.expiresOn,
      note: fields.note || null,
    },
    admin,
  );
  if (!created.ok) {
    const values = { ...Object.fromEntries(form?.entries() ?? []), ...typed };
    return refuseWith(DISCOUNT_REFUSALS, created, values as Record<string, string>);
  }
  const { code } = created.discountCode;
  ctx.log.info({ event: 'discount-created', code, by: admin.id }, 'audit');
  return redirectWithFlash(ctx, '/admin/discounts', {
    type: 'success',
    message: DISCOUNT_MESSAGES.created(code),
  });
}

export default function AdminDiscountsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <DiscountsView {...loaderData} errors={useActionDataThroughRefreshes(actionData)} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
