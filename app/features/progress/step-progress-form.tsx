import { CheckCircle2 } from 'lucide-react';
import { useFetcher } from 'react-router';
import { STEP_PROGRESS_INTENTS } from './progress';
import { IntentButton } from '~/ui/intent-button';

/**
 * Mark as complete, or Completed with a way to undo. A plain form without JavaScript (the
 * page reloads with the new state); with it, a fetcher updates the page in place. The new
 * state shows once the server has recorded it, the button busy meanwhile: shown at once, a
 * mark could be lost by leaving the page before the request was through, while the page
 * said it was saved.
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
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="mt-8 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      {completed ? (
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
            busy={busy}
          >
            Mark as not complete
          </IntentButton>
        </>
      ) : (
        <>
          <p role="status" className="sr-only">
            Not completed
          </p>
          <IntentButton intent={STEP_PROGRESS_INTENTS.complete} variant="primary" busy={busy}>
            Mark as complete
          </IntentButton>
        </>
      )}
    </fetcher.Form>
  );
}
