import { CalendarClock, Clock } from 'lucide-react';
import { data, redirect } from 'react-router';
import { z } from '~/lib/zod';
import { enrollPage, findPlan, plans } from '~/content/plans';
import { BankTransfer } from '~/features/transfers/bank-transfer';
import { enrolledTracksOf } from '~/features/enrolment/enrolments.server';
import { coversTrack } from '~/features/enrolment/tracks';
import { PlanCard } from '~/features/enrolment/plan-card';
import { UpgradeCard } from '~/features/enrolment/upgrade-card';
import { readUpgradeOffer } from '~/features/enrolment/upgrade.server';
import { readNextCohortSentence } from '~/features/cohorts/next-cohort.server';
import { submitTransfer } from '~/features/transfers/bank-transfers.server';
import { pendingTransferOf } from '~/features/transfers/my-transfers.server';
import {
  detectReceiptType,
  UnreadableReceipt,
  withoutMetadata,
} from '~/features/transfers/receipt-file.server';
import {
  RECEIPT_MAX_BYTES,
  TRANSFER_FORM_MAX_BYTES,
  TRANSFER_MESSAGES,
  type TransferField,
} from '~/features/transfers/transfer-form';
import type { RouteHandle } from '~/lib/route-handle';
import type { Track } from '~/db/schema';
import type { FormErrors } from '~/ui/form';
import { DAY_MS } from '~/lib/days';
import { calendarDay, FORM_UNREADABLE } from '~/lib/form-fields';
import { parseFields, readForm, refuseForm } from '~/lib/form.server';
import { isPrerendering, requireServerContext, type RequestContext } from '~/load-context';
import { APPLY_CODE_INTENT, type CodeAnswer } from '~/features/discounts/discount-form';
import { applyCode } from '~/features/discounts/apply-code.server';
import { publicPageMeta } from '~/features/marketing/public-page-meta';
import { readUpload, type UploadedFile } from '~/lib/upload.server';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/enroll';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/** The transfer form carries its receipt: streamed to the action up to 5 MB and the fields. */
export const handle: RouteHandle = { uploadLimit: TRANSFER_FORM_MAX_BYTES };

/**
 * Prerendered for visitors. For a signed-in person (rendered per request): the tracks they
 * are enrolled in, so their plans point to the course instead of selling it again, and
 * their transfer waiting for review, shown instead of a blank form, and a FrontEnd student's
 * upgrade to FullStack (decision 069).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const nextCohort = await readNextCohortSentence(context);
  const nothingHeld = {
    nextCohort,
    enrolledTracks: [] as Track[],
    pendingTransfer: null,
    upgrade: null,
  };
  if (isPrerendering(context)) return nothingHeld;
  const ctx = requireServerContext(context);
  const { user } = await ctx.session();
  if (!user) return nothingHeld;
  const { db } = ctx;
  const [enrolledTracks, pendingTransfer, upgrade] = await Promise.all([
    enrolledTracksOf(db, user.id),
    pendingTransferOf(db, user.id),
    readUpgradeOffer(ctx),
  ]);
  return { nextCohort, enrolledTracks, pendingTransfer, upgrade };
}

/** Far above any plan, and (in kobo) within PostgreSQL's integer column. */
const MAX_AMOUNT_NAIRA = 20_000_000;

const planIds = plans.map((plan) => plan.id) as [string, ...string[]];

/** The text fields; a field left out gets the same message as one left empty. */
const transferSchema = z.object({
  plan: z.enum(planIds, { error: TRANSFER_MESSAGES.plan }),
  amount: z
    .string({ error: TRANSFER_MESSAGES.amount })
    .transform((value) => value.replace(/[\s,₦]/g, '').replace(/\.0{1,2}$/, ''))
    .refine((value) => /^\d{1,9}$/.test(value), TRANSFER_MESSAGES.amount)
    .transform(Number)
    .refine((value) => value >= 1 && value <= MAX_AMOUNT_NAIRA, TRANSFER_MESSAGES.amount),
  transferDate: calendarDay(TRANSFER_MESSAGES.transferDate)
    .pipe(z.string())
    .refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      // A day ahead of UTC is still today in Lagos (UTC+1) late at night.
      return time <= Date.now() + DAY_MS && time >= Date.now() - 366 * DAY_MS;
    }, TRANSFER_MESSAGES.transferDate),
  reference: z
    .string({ error: TRANSFER_MESSAGES.reference })
    .trim()
    .min(2, TRANSFER_MESSAGES.reference)
    .max(140, TRANSFER_MESSAGES.reference),
});

/**
 * The receipt as it is stored: its type decided by its bytes, an image without its
 * metadata (location in photos); or the receipt field's message.
 */
function readReceipt(file: UploadedFile | undefined) {
  if (file?.field !== 'receipt' || file.bytes.length === 0) {
    return { ok: false as const, error: TRANSFER_MESSAGES.receipt };
  }
  const type = detectReceiptType(file.bytes);
  if (!type) return { ok: false as const, error: TRANSFER_MESSAGES.receiptType };
  try {
    const bytes = withoutMetadata(file.bytes, type);
    const fileName = file.fileName.slice(0, 200) || 'receipt';
    return { ok: true as const, receipt: { bytes, type, fileName } };
  } catch (error) {
    if (!(error instanceof UnreadableReceipt)) throw error;
    return { ok: false as const, error: TRANSFER_MESSAGES.receiptUnreadable };
  }
}

/**
 * "I have made a transfer" (the bank-transfer section's form): the signed-in student's
 * plan, amount, day, reference and receipt, multipart and streamed under the server's
 * upload limit. A refused form comes back with a message per field and what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  // "Have a code?" is url-encoded and names its intent; the transfer form is multipart.
  const multipart = /^multipart\/form-data;/i.test(request.headers.get('Content-Type') ?? '');
  const codeForm = multipart ? null : await readForm(request);
  if (codeForm?.get('intent') === APPLY_CODE_INTENT) return applyCodeToPlan(ctx, codeForm);
  const { user } = await ctx.session();
  if (!user) return refuseForm({ formError: TRANSFER_MESSAGES.signIn, fieldErrors: {} }, 401);
  if (!multipart) return refuseForm({ formError: FORM_UNREADABLE, fieldErrors: {} });
  const upload = await readUpload(request, { maxFileBytes: RECEIPT_MAX_BYTES });
  if (!upload.ok) {
    return upload.error === 'too-large'
      ? refuseForm<TransferField>(
          { fieldErrors: { receipt: TRANSFER_MESSAGES.receiptTooLarge } },
          413,
        )
      : refuseForm({ formError: FORM_UNREADABLE, fieldErrors: {} });
  }
  const values = Object.fromEntries(upload.fields);
  const form = new FormData();
  for (const [name, value] of upload.fields) form.set(name, value);
  const fields = parseFields(form, transferSchema);
  const receipt = readReceipt(upload.file);
  // Every field's message at once, the receipt's too, so one round trip shows them all.
  if (!fields.ok || !receipt.ok) {
    return refuseForm<TransferField>({
      fieldErrors: {
        ...(!fields.ok && fields.errors.fieldErrors),
        ...(!receipt.ok && { receipt: receipt.error }),
      },
      values,
    });
  }

  const result = await submitTransfer(ctx.db, {
    userId: user.id,
    plan: findPlan(fields.data.plan)!,
    amountNaira: fields.data.amount,
    transferDate: fields.data.transferDate,
    reference: fields.data.reference,
    receipt: receipt.receipt,
  });
  if (!result.ok) {
    return refuseForm({ formError: result.error, fieldErrors: {}, values }, 409);
  }
  ctx.log.info(
    { event: 'transfer-submitted', transferId: result.transferId, userId: user.id },
    'payment',
  );
  ctx.mail.wakeWorker();
  ctx.changeEvents.publish({ collection: 'transfers', id: result.transferId });
  return redirect(`/success?transfer=${encodeURIComponent(result.transferId)}`);
}

const applyCodeSchema = z.object({
  intent: z.literal(APPLY_CODE_INTENT),
  plan: z.enum(planIds),
  code: z.string().trim().max(64).default(''),
});

/**
 * "Have a code?" on a plan: for a signed-in person within the limits on trying codes, what a
 * payment then costs (in the checkout provider's currency) or why the code is refused;
 * nothing is made (decision 062). Pay Now carries the code on, and /checkout checks it again.
 */
async function applyCodeToPlan(ctx: RequestContext, form: FormData) {
  const fields = parseFields(form, applyCodeSchema);
  if (!fields.ok) return refuseForm(fields.errors);
  const plan = findPlan(fields.data.plan)!;
  const { payments } = ctx;
  const currency = payments.mode === 'automatic' ? payments.checkout.currency : 'USD';
  const applied = await applyCode(ctx, plan, fields.data.code, currency);
  return data<CodeAnswer>(applied.answer, applied.init);
}

/** Too many codes tried: the answer keeps its Retry-After. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => publicPageMeta('/enroll', matches);

export default function EnrollPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const actionData = useActionDataThroughRefreshes(answered);
  const codeAnswer = actionData && 'codeFor' in actionData ? actionData : undefined;
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-16">
      <h1 className="text-4xl font-extrabold text-ink">{enrollPage.heading}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{enrollPage.intro}</p>
      <ul className="mt-6 flex flex-wrap gap-4 text-sm font-medium text-slate-800">
        <li className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2">
          <CalendarClock aria-hidden="true" className="h-4 w-4 text-brand-700" />
          Duration: {enrollPage.durationNote}
        </li>
        <li className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2">
          <Clock aria-hidden="true" className="h-4 w-4 text-brand-700" />
          Time: {enrollPage.dailyNote}
        </li>
      </ul>
      <p className="mt-4 font-semibold text-brand-800 empty:hidden">{loaderData.nextCohort}</p>
      {loaderData.upgrade && <UpgradeCard offer={loaderData.upgrade} />}
      <section aria-labelledby="plans-heading" className="mt-12">
        <h2 id="plans-heading" className="sr-only">
          Pricing plans
        </h2>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              enrolled={coversTrack(loaderData.enrolledTracks, plan.theme)}
              code={codeAnswer?.codeFor === plan.id ? codeAnswer : undefined}
            />
          ))}
        </div>
      </section>
      <BankTransfer
        transferErrors={
          codeAnswer ? undefined : (actionData as FormErrors<TransferField> | undefined)
        }
        pendingTransfer={loaderData.pendingTransfer}
      />
    </div>
  );
}
