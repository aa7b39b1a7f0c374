import { Form, useNavigation } from 'react-router';
import { COURSE_STEPS } from '~/content/course-steps';
import { buttonClass } from '~/ui/button';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { SelectField } from '~/ui/select-field';
import { Spinner } from '~/ui/spinner';
import {
  ADD_CLASS,
  DESCRIPTION_MAX,
  DURATION_MAX,
  LINK_MAX,
  REPEAT_MAX,
  SAVE_CLASS,
  TITLE_MAX,
} from './live-class-form';

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

/** One labelled input (a textarea with `rows`) with its hint and its refusal under it. */
function TextField({
  name,
  label,
  hint,
  errors,
  defaultValue,
  wide = false,
  rows,
  ...input
}: {
  name: ClassFormField;
  label: string;
  hint?: string;
  errors: FormErrors<ClassFormField>['fieldErrors'];
  defaultValue: string;
  wide?: boolean;
  rows?: number;
} & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  'type' | 'required' | 'min' | 'max' | 'maxLength' | 'inputMode' | 'placeholder'
>) {
  const id = `class-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const field = {
    defaultValue,
    className: fieldClass,
    'aria-describedby': hintId,
    ...invalidFieldProps(id, errors[name], hintId),
  };
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {rows ? (
        <textarea id={id} name={name} rows={rows} maxLength={input.maxLength} {...field} />
      ) : (
        <input id={id} name={name} {...input} {...field} />
      )}
      <FieldError fieldId={id} message={errors[name]} />
    </div>
  );
}

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
  /** A new key empties the add form once its classes were added. */
  formKey?: string;
}) {
  const navigation = useNavigation();
  const intent = mode === 'add' ? ADD_CLASS : SAVE_CLASS;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const fieldErrors: FormErrors<ClassFormField>['fieldErrors'] = errors?.fieldErrors ?? {};
  const typed: Partial<Record<ClassFormField, string>> = errors?.values ?? {};
  const value = (name: ClassFormField) => typed[name] ?? values[name] ?? '';
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
      <TextField
        name="title"
        label="Title"
        required
        maxLength={TITLE_MAX}
        errors={fieldErrors}
        defaultValue={value('title')}
        wide
      />
      <TextField
        name="description"
        label="Description (optional)"
        rows={3}
        maxLength={DESCRIPTION_MAX}
        errors={fieldErrors}
        defaultValue={value('description')}
        wide
      />
      <TextField
        name="date"
        label="Date"
        type="date"
        required
        errors={fieldErrors}
        defaultValue={value('date')}
      />
      <TextField
        name="time"
        label="Start time"
        type="time"
        required
        errors={fieldErrors}
        defaultValue={value('time')}
      />
      <TextField
        name="durationMinutes"
        label="Duration (minutes)"
        type="number"
        min={1}
        max={DURATION_MAX}
        inputMode="numeric"
        required
        errors={fieldErrors}
        defaultValue={value('durationMinutes')}
      />
      <div>
        <SelectField
          id="class-step"
          label="Course step (optional)"
          name="step"
          options={STEP_OPTIONS}
          defaultValue={value('step')}
          error={fieldErrors.step}
        >
          <option value="">None</option>
        </SelectField>
      </div>
      <TextField
        name="joinUrl"
        label="Join link"
        hint="The meeting’s https:// link. Only the cohort’s students, its mentors and admins reach it, through the class’s join page."
        type="url"
        required
        maxLength={LINK_MAX}
        placeholder="https://meet.example.com/…"
        errors={fieldErrors}
        defaultValue={value('joinUrl')}
        wide
      />
      {mode === 'add' && (
        <TextField
          name="repeatWeeks"
          label="Repeat weekly for N weeks (optional)"
          hint={`Leave empty for one class. Up to ${REPEAT_MAX}: each week’s class can then be changed or cancelled on its own.`}
          type="number"
          min={1}
          max={REPEAT_MAX}
          inputMode="numeric"
          errors={fieldErrors}
          defaultValue={value('repeatWeeks')}
        />
      )}
      {errors?.formError && (
        <p role="alert" className="text-sm font-semibold text-red-800 sm:col-span-2">
          {errors.formError}
        </p>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          name="intent"
          value={intent}
          disabled={busy}
          className={buttonClass('primary')}
        >
          {busy && <Spinner className="h-4 w-4" />}
          {mode === 'add' ? 'Add the class' : 'Save the class'}
        </button>
      </div>
    </Form>
  );
}
