import { useActionData } from 'react-router';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { useRefreshing } from '~/features/admin/use-live-collection';
import {
  OVERDUE_INTENTS,
  OVERDUE_MESSAGES,
  overdueFormSchema,
  overduePageHref,
  parseOverduePage,
} from '~/features/enrolment/overdue';
import { OverdueList } from '~/features/enrolment/overdue-list';
import { extendGrace, listOverdue, waiveInstallment } from '~/features/enrolment/overdue.server';
import { PaymentList } from '~/features/enrolment/payment-list';
import { parsePaymentSearch } from '~/features/enrolment/payment-search';
import {
  listPaymentsNeedingAttention,
  paymentTotals,
  searchPayments,
} from '~/features/enrolment/payment-search.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { refuseWith } from '~/lib/refusal.server';
import { formatDayUtc } from '~/lib/format';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/payments';
import { OVERDUE_REFUSALS } from './overdue-refusals.server';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { searchParams } = new URL(request.url);
  const search = parsePaymentSearch(searchParams);
  const ctx = requireServerContext(context);
  const { db } = ctx;
  const [result, totals, attention, overdue] = await Promise.all([
    searchPayments(db, search),
    paymentTotals(db, search),
    listPaymentsNeedingAttention(db),
    // The Overdue filter also lists each overdue plan with its days and the admin's actions.
    search.status === 'overdue'
      ? listOverdue(db, {
          now: new Date(),
          graceDays: ctx.env.OVERDUE_GRACE_DAYS,
          page: parseOverduePage(searchParams),
        })
      : null,
  ]);
  return { search, result, totals, attention, overdue };
}

/**
 * An admin extends one overdue enrolment's grace period or waives its installment (decision
 * 053), with a reason kept in `enrolment_changes`; a refused form answers with the field's
 * message, under the form of the row it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const admin = await requireAdmin(ctx);
  const parsed = await parseForm(request, overdueFormSchema);
  if (!parsed.ok) return refuseForm(parsed.errors);
  const fields = parsed.data;
  const values = Object.fromEntries(
    [...parsed.form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const { db } = ctx;
  const actor = { id: admin.id, name: admin.name };
  const now = new Date();
  let done: { userId: string; queuedEmail: boolean };
  let message: (name: string) => string;
  if (fields.intent === OVERDUE_INTENTS.extend) {
    const extended = await extendGrace(db, {
      enrolmentId: fields.enrolmentId,
      days: fields.days,
      reason: fields.reason,
      admin: actor,
      graceDays: ctx.env.OVERDUE_GRACE_DAYS,
      now,
    });
    if (!extended.ok) return refuseWith(OVERDUE_REFUSALS, extended, values);
    done = extended;
    const day = formatDayUtc(extended.pauseOn.toISOString(), 'long');
    message = (name) => OVERDUE_MESSAGES.extended(name, day);
  } else {
    const waived = await waiveInstallment(db, {
      enrolmentId: fields.enrolmentId,
      reason: fields.reason,
      admin: actor,
      now,
    });
    if (!waived.ok) return refuseWith(OVERDUE_REFUSALS, waived, values);
    done = waived;
    message = OVERDUE_MESSAGES.waived;
  }
  ctx.log.info(
    {
      event: fields.intent,
      enrolmentId: fields.enrolmentId,
      userId: done.userId,
      by: admin.id,
      reason: fields.reason,
    },
    'audit',
  );
  ctx.changeEvents.publish({ collection: 'users', id: done.userId });
  if (done.queuedEmail) ctx.mail.wakeWorker();
  const student = await db
    .selectFrom('users')
    .select('name')
    .where('id', '=', done.userId)
    .executeTakeFirstOrThrow();
  return redirectWithFlash(ctx, '/admin/payments?status=overdue', {
    type: 'success',
    message: message(student.name),
  });
}

export default function AdminPaymentsPage({ loaderData }: Route.ComponentProps) {
  const loading = useRefreshing();
  const errors = useActionDataThroughRefreshes(useActionData<typeof action>());
  const { overdue, ...list } = loaderData;
  return (
    <PaymentList {...list} loading={loading}>
      {overdue && (
        <OverdueList
          overdue={overdue}
          pageHref={(page) => overduePageHref(list.search, page)}
          errors={errors}
        />
      )}
    </PaymentList>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
