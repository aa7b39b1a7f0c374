import { data, redirect } from 'react-router';
import { z } from 'zod';
import { findPlan, plans } from '~/content/plans';
import type { RequestContext } from '~/lib/load-context';
import { readUpload } from '~/lib/read-upload.server';
import { submitTransfer } from './bank-transfers.server';
import { detectReceiptType, UnreadableReceipt, withoutMetadata } from './receipt-file.server';
import {
  RECEIPT_MAX_BYTES,
  TRANSFER_MESSAGES,
  type TransferField,
  type TransferFormErrors,
} from './transfer-form';

const DAY_MS = 86_400_000;
/** Far above any plan, and (in kobo) within PostgreSQL's integer column. */
const MAX_AMOUNT_NAIRA = 20_000_000;

const planIds = plans.map((plan) => plan.id) as [string, ...string[]];

const fieldsSchema = z.object({
  plan: z.enum(planIds, { error: TRANSFER_MESSAGES.plan }),
  amount: z
    .string()
    .transform((value) => value.replace(/[\s,₦]/g, '').replace(/\.0{1,2}$/, ''))
    .refine((value) => /^\d{1,9}$/.test(value), TRANSFER_MESSAGES.amount)
    .transform(Number)
    .refine((value) => value >= 1 && value <= MAX_AMOUNT_NAIRA, TRANSFER_MESSAGES.amount),
  transferDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, TRANSFER_MESSAGES.transferDate)
    .refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      // A day ahead of UTC is still today in Lagos (UTC+1) late at night.
      return (
        Number.isFinite(time) &&
        new Date(time).toISOString().startsWith(day) &&
        time <= Date.now() + DAY_MS &&
        time >= Date.now() - 366 * DAY_MS
      );
    }, TRANSFER_MESSAGES.transferDate),
  reference: z
    .string()
    .trim()
    .min(2, TRANSFER_MESSAGES.reference)
    .max(140, TRANSFER_MESSAGES.reference),
});

const refuse = (status: number, errors: Omit<TransferFormErrors, 'values'>, values = {}) =>
  data<TransferFormErrors>({ ...errors, values }, { status });

/**
 * The /enroll form "I have made a transfer" (multipart, streamed under the server's upload
 * limit): the signed-in student's plan, amount, day, reference and receipt. The receipt's
 * type is decided by its bytes and an image is stored without its metadata.
 */
export async function submitTransferForm(request: Request, context: RequestContext) {
  const { user } = await context.session();
  if (!user) return refuse(401, { formError: TRANSFER_MESSAGES.signIn, fieldErrors: {} });
  const upload = await readUpload(request, { maxFileBytes: RECEIPT_MAX_BYTES });
  if (!upload.ok) {
    return upload.error === 'too-large'
      ? refuse(413, { fieldErrors: { receipt: TRANSFER_MESSAGES.receiptTooLarge } })
      : refuse(400, { formError: TRANSFER_MESSAGES.unreadable, fieldErrors: {} });
  }
  const values = Object.fromEntries(
    (['plan', 'amount', 'transferDate', 'reference'] as const).map((name) => [
      name,
      upload.fields.get(name) ?? '',
    ]),
  );
  const parsed = fieldsSchema.safeParse(values);
  const fieldErrors: Partial<Record<TransferField, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as TransferField;
      fieldErrors[field] ??= issue.message;
    }
  }
  const file = upload.file?.field === 'receipt' ? upload.file : undefined;
  const type = file && file.bytes.length > 0 ? detectReceiptType(file.bytes) : undefined;
  if (!file || file.bytes.length === 0) fieldErrors.receipt = TRANSFER_MESSAGES.receipt;
  else if (!type) fieldErrors.receipt = TRANSFER_MESSAGES.receiptType;
  let bytes: Buffer | undefined;
  if (file && type) {
    try {
      bytes = withoutMetadata(file.bytes, type);
    } catch (error) {
      if (!(error instanceof UnreadableReceipt)) throw error;
      fieldErrors.receipt = TRANSFER_MESSAGES.receiptUnreadable;
    }
  }
  if (!parsed.success || !bytes || !type || !file) return refuse(400, { fieldErrors }, values);

  const result = await submitTransfer(context.services.database.db, {
    userId: user.id,
    plan: findPlan(parsed.data.plan)!,
    amountNaira: parsed.data.amount,
    transferDate: parsed.data.transferDate,
    reference: parsed.data.reference,
    receipt: { bytes, type, fileName: file.fileName.slice(0, 200) || 'receipt' },
  });
  if (!result.ok) return refuse(409, { formError: result.error, fieldErrors: {} }, values);
  context.log.info(
    { event: 'transfer-submitted', transferId: result.transferId, userId: user.id },
    'payment',
  );
  context.services.email.wakeWorker();
  context.services.changeEvents.publish({ collection: 'transfers', id: result.transferId });
  return redirect(`/success?transfer=${encodeURIComponent(result.transferId)}`);
}
