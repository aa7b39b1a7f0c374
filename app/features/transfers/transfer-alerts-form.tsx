import { Form } from 'react-router';
import { buttonClass } from '~/ui/button';
import { FormAlert } from '~/ui/field-error';
import { OnOffCheckbox } from '~/ui/on-off-checkbox';

export const TRANSFER_ALERT_MESSAGES = {
  label: 'E-mail me when a student submits a transfer',
  on: 'You will get an e-mail for each transfer submitted',
  off: 'You will no longer get an e-mail for each transfer submitted',
} as const;

/**
 * The admin's own choice of an e-mail per submitted transfer; a plain form, works without JS.
 */
export function TransferAlertsForm({ on, error }: { on: boolean; error?: string }) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
      <label className="inline-flex items-center gap-2 text-sm text-slate-800">
        <OnOffCheckbox
          name="alerts"
          defaultChecked={on}
          className="h-4 w-4 rounded border-slate-400"
        />
        {TRANSFER_ALERT_MESSAGES.label}
      </label>
      <button type="submit" className={buttonClass('secondary', 'px-4 py-1.5 text-sm')}>
        Save
      </button>
      <FormAlert message={error} className="w-full text-sm" />
    </Form>
  );
}
