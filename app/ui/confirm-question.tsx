import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClass } from './button';
import { IntentButton } from './intent-button';

/**
 * The question that confirms an act that cannot be undone, as a form of its own that works
 * without JavaScript (a link opened it): the question, any field the act needs, the red
 * "Yes, …" that sends `intent`, and "Keep it", back to the page without the question.
 */
export function ConfirmQuestion({
  id,
  question,
  intent,
  confirm,
  action,
  children,
}: {
  id: string;
  question: ReactNode;
  intent: string;
  /** Where the form goes, when another route than the page's own does the act. */
  action?: string;
  /** The button's words, e.g. "Yes, cancel the class". */
  confirm: string;
  /** The fields the act needs (a reason). */
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Form
      method="post"
      action={action}
      className="mt-3 rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-6"
      aria-describedby={id}
    >
      <p id={id} className="font-semibold text-red-900">
        {question}
      </p>
      {children}
      <div className="mt-4 flex flex-wrap gap-3">
        <IntentButton
          intent={intent}
          variant="primary"
          className="bg-red-700 hover:bg-red-800"
          busy={busy}
        >
          {confirm}
        </IntentButton>
        <Link to="." replace className={buttonClass('ghost')}>
          Keep it
        </Link>
      </div>
    </Form>
  );
}
