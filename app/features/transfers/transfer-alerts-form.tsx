import { Form } from 'react-router';
import { buttonClass } from '~/ui/button';
import { TRANSFER_ALERT_MESSAGES } from './transfer-alerts';

/** The admin's own choice of an e-mail per submitted transfer; a plain form, works without JS. */
export function TransferAlertsForm({ on }: { on: boolean }) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
      <input type="hidden" name="alerts" value="0" />
      <label className="inline-flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name="alerts"
          value="1"
          defaultChecked={on}
          className="h-4 w-4 rounded border-slate-400"
        />
        {TRANSFER_ALERT_MESSAGES.label}
      </label>
      <button type="submit" className={buttonClass('secondary', 'px-4 py-1.5 text-sm')}>
        Save
      </button>
    </Form>
  );
}
