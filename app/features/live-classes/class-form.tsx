import { Form, useNavigation } from 'react-router';
import { COURSE_STEPS } from '~/content/course-steps';
import { formFieldProps, type FormErrors } from '~/ui/form';
import { SelectField } from '~/ui/select-field';
import { IntentButton } from '~/ui/intent-button';
import { TextField } from '~/ui/text-field';
import {
  ADD_CLASS,
  DESCRIPTION_MAX,
  DURATION_MAX,
  REPEAT_MAX,
  SAVE_CLASS,
  TITLE_MAX,
} from './live-class-form';
import { FormAlert } from '~/ui/field-error';
import { LINK_MAX } from '~/lib/form-fields';

/** What the form's fields hold: typed text, as a form sends it. */
export interface ClassFormValues {
  title: string;
  description: string;
  date: string;
  time: string;
  durationMinutes: string;
  joinUrl: string;
  step: string;
  repeatWeeks?: string;
}

type ClassFormField = keyof ClassFormValues;

const STEP_OPTIONS = COURSE_STEPS.filter((step) => step.number !== undefined).map((step) => ({
  value: step.slug,
  label: `Step ${step.number}: ${step.label}`,
}));

/**
 * Add a live class (with Repeat weekly) or edit one: the same fields, read by
 * `addClassSchema` or `classPageSchema`. The date and time are the academy's (named on the
 * form), whatever the zone of the person typing.
 */
export function ClassForm({
  mode,
  timeZone,
  values,
  errors,
  formKey,
}: {
  mode: 'add' | 'edit';
  timeZone: string;
  /** The class's fields in the academy's zone (edit), or empty (add). */
  values: ClassFormValues;
  /** The refusal of this form: what was typed comes back with the messages. */
  errors?: FormErrors<string>;
  /** A new key empties the form (`useFormKeyOfThisPage` for the add form). */
  formKey?: string;
}) {
  const navigation = useNavigation();
  const intent = mode === 'add' ? ADD_CLASS : SAVE_CLASS;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  /** A field's props: what was typed, else the class's own value. */
  const fieldOf = formFieldProps(errors, 'class-');
  const field = (name: ClassFormField) => fieldOf(name, values[name]);
  const headingId = `${mode}-class-heading`;
  return (
    <Form
      method="post"
      key={formKey}
      aria-labelledby={headingId}
      className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 sm:p-6"
    >
      <div className="sm:col-span-2">
        <h2 id={headingId} className="text-lg font-bold text-ink">
          {mode === 'add' ? 'Add a live class' : 'Edit the class'}
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="academy-time-zone">
          Dates and times are in the academy’s time zone, <strong>{timeZone}</strong>.
        </p>
      </div>
      <TextField {...field('title')} label="Title" required maxLength={TITLE_MAX} wide />
      <TextField
        {...field('description')}
        label="Description (optional)"
        rows={3}
        maxLength={DESCRIPTION_MAX}
        wide
      />
      <TextField {...field('date')} label="Date" type="date" required />
      <TextField {...field('time')} label="Start time" type="time" required />
      <TextField
        {...field('durationMinutes')}
        label="Duration (minutes)"
        type="number"
        min={1}
        max={DURATION_MAX}
        inputMode="numeric"
        required
      />
      <div>
        <SelectField {...field('step')} label="Course step (optional)" options={STEP_OPTIONS}>
          <option value="">None</option>
        </SelectField>
      </div>
      <TextField
        {...field('joinUrl')}
        label="Join link"
        hint="The meeting’s https:// link. Only the cohort’s students, its mentors and admins reach it, through the class’s join page."
        type="url"
        required
        maxLength={LINK_MAX}
        placeholder="https://meet.example.com/…"
        wide
      />
      {mode === 'add' && (
        <TextField
          {...field('repeatWeeks')}
          label="Repeat weekly for N weeks (optional)"
          hint={`Leave empty for one class. Up to ${REPEAT_MAX}: each week’s class can then be changed or cancelled on its own.`}
          type="number"
          min={1}
          max={REPEAT_MAX}
          inputMode="numeric"
        />
      )}
      <FormAlert message={errors?.formError} className="text-sm sm:col-span-2" />
      <div className="sm:col-span-2">
        <IntentButton intent={intent} variant="primary" busy={busy}>
          {mode === 'add' ? 'Add the class' : 'Save the class'}
        </IntentButton>
      </div>
    </Form>
  );
}
