import { Mail } from 'lucide-react';
import { Form } from 'react-router';
import type { ReviewEmails } from '~/db/schema';
import { ACCOUNT_INTENTS } from '~/features/account/account-forms';
import { labelClass } from '~/ui/form';
import { IntentButton } from '~/ui/intent-button';
import { TitledPanel } from '~/ui/titled-panel';

const CHOICES: { value: ReviewEmails; label: string }[] = [
  { value: 'each', label: 'One e-mail for each project handed in' },
  { value: 'daily', label: 'One summary a day of the projects handed in' },
];

/**
 * A mentor's choice on /account of how they hear of projects to review (decision 071);
 * shown only to someone who mentors a cohort.
 */
export function ReviewEmailsSection({ choice }: { choice: ReviewEmails }) {
  return (
    <TitledPanel
      tone="white"
      className="mt-6"
      id="review-emails"
      headingId="review-emails-heading"
      heading={
        <span className="inline-flex items-center gap-2">
          <Mail aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Projects to review
        </span>
      }
      headingClassName="text-xl font-bold text-ink"
    >
      <Form method="post" className="mt-4">
        <fieldset className="min-w-0">
          <legend className={labelClass}>As a mentor, tell me of projects to review with</legend>
          <div className="mt-2 grid gap-2">
            {CHOICES.map(({ value, label }) => (
              <label key={value} className="inline-flex items-start gap-2 text-slate-800">
                <input
                  className="mt-1.5"
                  type="radio"
                  name="reviewEmails"
                  value={value}
                  defaultChecked={choice === value}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <IntentButton intent={ACCOUNT_INTENTS.reviewEmails} variant="secondary" className="mt-3">
          Save how I hear of projects
        </IntentButton>
      </Form>
    </TitledPanel>
  );
}
