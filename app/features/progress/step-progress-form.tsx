import { CheckCircle2 } from 'lucide-react';
import { useFetcher } from 'react-router';
import { STEP_PROGRESS_INTENTS } from './progress';
import { IntentButton } from '~/ui/intent-button';

/**
 * Mark as complete, or Completed with a way to undo. A plain form without JavaScript (the
 * page reloads with the new state); with it, a fetcher updates the page in place and shows
 * the new state at once.
 */
export function StepProgressForm({
  action,
  completed,
}: {
  /** The step's page, whose action marks it. */
  action: string;
  completed: boolean;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get('intent');
  const done = pending ? pending === STEP_PROGRESS_INTENTS.complete : completed;
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="mt-8 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      {done ? (
        <>
          <p
            role="status"
            className="inline-flex items-center gap-2 font-semibold text-emerald-800"
          >
            <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
            Completed
          </p>
          <IntentButton
            intent={STEP_PROGRESS_INTENTS.uncomplete}
            variant="ghost"
            className="underline"
          >
            Mark as not complete
          </IntentButton>
        </>
      ) : (
        <>
          <p role="status" className="sr-only">
            Not completed
          </p>
          <IntentButton intent={STEP_PROGRESS_INTENTS.complete} variant="primary">
            Mark as complete
          </IntentButton>
        </>
      )}
    </fetcher.Form>
  );
}
