import { Form, Link, useNavigation } from 'react-router';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import type { CohortRow } from '~/db/schema';
import { buttonClass } from '~/ui/button';
import { FieldError, invalidFieldProps, FormAlert } from '~/ui/field-error';
import { fieldClass, formFieldProps, labelClass, type FormErrors } from '~/ui/form';
import { RowActionForm } from '~/ui/list/row-action-form';
import { IntentButton } from '~/ui/intent-button';
import { Spinner } from '~/ui/spinner';
import { TextField } from '~/ui/text-field';
import { formatCohortStart } from './cohort-dates';
import { MENTOR_MESSAGES } from '~/features/mentors/mentors';
import { COHORT_INTENTS, MENTOR_INTENTS, type CohortField, type MentorField } from './cohort-form';
import { TitledSection } from '~/ui/titled-section';
import { useFormKeyOfThisPage } from '~/lib/action-data';
import { PageTitle } from '~/ui/page-title';
import { cohortClassesPath } from '~/features/live-classes/class-paths';

const COLUMNS = ['Name', 'Starts', 'Schedule', 'Members', 'Status', 'Action'] as const;

function CohortForm({
  editing,
  errors,
}: {
  editing?: CohortRow;
  errors?: FormErrors<CohortField>;
}) {
  const navigation = useNavigation();
  // A new cohort's form starts empty again once the one typed was created.
  const formKey = useFormKeyOfThisPage(errors !== undefined);
  // The save button sends no intent: a form without one is a save (the route's schema).
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === null;
  // A page refused without JavaScript shows what was typed again, else the cohort's own.
  const field = formFieldProps(errors, 'cohort-');
  return (
    <Form
      method="post"
      key={`${editing?.id ?? 'new'}-${formKey}`}
      aria-labelledby="cohort-form-heading"
      className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:grid-cols-2"
    >
      <h2 id="cohort-form-heading" className="text-lg font-bold text-ink sm:col-span-2">
        {editing ? `Edit ${editing.name}` : 'New cohort'}
      </h2>
      {editing && <input type="hidden" name="id" value={editing.id} />}
      <TextField
        {...field('name', editing?.name)}
        label="Name"
        required
        minLength={2}
        maxLength={60}
      />
      <TextField {...field('startDate', editing?.start_date)} label="Start date" type="date" />
      <TextField
        {...field('schedule', editing?.schedule)}
        label="Schedule"
        maxLength={120}
        placeholder="Tue and Thu, 7–9 pm WAT"
      />
      <TextField
        {...field('capacity', editing?.capacity)}
        label="Capacity (optional)"
        type="number"
        min={1}
        max={10000}
        inputMode="numeric"
      />
      <FormAlert message={errors?.formError} className="text-sm sm:col-span-2" />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" disabled={saving} className={buttonClass('primary')}>
          {saving && <Spinner className="h-4 w-4" />}
          {editing ? 'Save cohort' : 'Create cohort'}
        </button>
        {editing && (
          <Link to="/admin/cohorts" className={buttonClass('ghost')}>
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}

interface MentorListed {
  id: string;
  name: string;
  email: string;
}

type MentorErrors = FormErrors<MentorField | 'intent'>;

/**
 * One cohort's mentors with Remove each, and Add mentor by e-mail (not on an archived
 * cohort). A refusal shows here only when it answers this cohort's form.
 */
function CohortMentors({
  cohort,
  mentors,
  errors,
}: {
  cohort: CohortRow;
  mentors: MentorListed[];
  errors?: MentorErrors;
}) {
  const navigation = useNavigation();
  const adding =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === MENTOR_INTENTS.add &&
    navigation.formData.get('cohortId') === cohort.id;
  const failed = errors?.values.cohortId === cohort.id ? errors : undefined;
  const formKey = useFormKeyOfThisPage(failed !== undefined);
  const emailError = failed?.fieldErrors.email;
  const fieldId = `mentor-email-${cohort.id}`;
  const headingId = `mentors-${cohort.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id={headingId} className="text-lg font-bold text-ink">
        <span className="sr-only">Mentors of </span>
        {cohort.name}
      </h3>
      {mentors.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No mentor yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {mentors.map((mentor) => (
            <li key={mentor.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <span className="min-w-0 text-sm">
                <span className="font-semibold text-ink">{mentor.name}</span>{' '}
                <span className="break-all text-slate-700">{mentor.email}</span>
              </span>
              <RowActionForm
                fields={{ cohortId: cohort.id, userId: mentor.id }}
                intent={MENTOR_INTENTS.remove}
                className="ml-auto text-sm"
              >
                Remove<span className="sr-only"> {mentor.name}</span>
              </RowActionForm>
            </li>
          ))}
        </ul>
      )}
      <FormAlert message={failed?.formError} className="mt-2 text-sm" />
      {cohort.archived_at ? (
        <p className="mt-3 text-sm text-slate-700">{MENTOR_MESSAGES.archivedCohort}</p>
      ) : (
        // A new key once a mentor is added: the field starts empty again for the next one.
        <Form method="post" key={formKey} className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="cohortId" value={cohort.id} />
          <div className="min-w-0 grow basis-60">
            <label htmlFor={fieldId} className={labelClass}>
              E-mail of the new mentor
            </label>
            <input
              id={fieldId}
              name="email"
              type="email"
              required
              autoComplete="off"
              maxLength={320}
              defaultValue={failed?.values.email ?? ''}
              className={fieldClass}
              {...invalidFieldProps(fieldId, emailError)}
            />
            <FieldError fieldId={fieldId} message={emailError} />
          </div>
          <IntentButton intent={MENTOR_INTENTS.add} variant="secondary" busy={adding}>
            Add mentor
          </IntentButton>
        </Form>
      )}
    </section>
  );
}

const MENTOR_INTENT_VALUES: readonly string[] = Object.values(MENTOR_INTENTS);

/** `/admin/cohorts`: every cohort, how many people it holds, its mentors, and the form to add or edit one. */
export function CohortsView({
  cohorts,
  members,
  mentors,
  editing,
  errors,
}: {
  cohorts: CohortRow[];
  members: Record<string, number>;
  /** Each cohort's mentors, by cohort id. */
  mentors: Record<string, MentorListed[]>;
  editing?: CohortRow;
  /**
   * The refusal of the cohort form or of a cohort's Mentors form (its intent says which);
   * an Archive or Restore is refused only when tampered with.
   */
  errors?: FormErrors<CohortField | MentorField | 'intent'>;
}) {
  const forMentors = MENTOR_INTENT_VALUES.includes(errors?.values.intent ?? '');
  return (
    <div className="max-w-4xl">
      <PageTitle>Cohorts</PageTitle>
      <p className="mt-2 text-slate-700">
        The groups students learn with. The next one to start is announced on the home and enroll
        pages. An archived cohort is no longer offered or announced; its members keep it.
      </p>
      <CohortForm editing={editing} errors={forMentors ? undefined : errors} />
      <TitledSection headingId="cohorts-heading" heading="All cohorts" className="mt-10">
        {cohorts.length === 0 ? (
          <EmptyList>No cohort yet.</EmptyList>
        ) : (
          <DataTable columns={COLUMNS} label="Cohorts" minWidthClass="sm:min-w-[40rem]">
            {cohorts.map((cohort) => {
              const count = members[cohort.id] ?? 0;
              return (
                <tr key={cohort.id} className={dataRowClass()}>
                  {dataCells(COLUMNS, [
                    <span key="name" className="font-semibold text-ink">
                      {cohort.name}
                    </span>,
                    cohort.start_date ? formatCohortStart(cohort.start_date) : 'not set',
                    cohort.schedule || '—',
                    cohort.capacity ? `${count} of ${cohort.capacity}` : String(count),
                    cohort.archived_at ? 'Archived' : 'Open',
                    <div key="actions" className="flex flex-wrap items-center gap-x-4 gap-y-1">
                      <Link
                        to={`/admin/cohorts?edit=${encodeURIComponent(cohort.id)}`}
                        className="font-semibold text-brand-700 underline"
                      >
                        Edit<span className="sr-only"> {cohort.name}</span>
                      </Link>
                      <Link
                        to={cohortClassesPath(cohort.id)}
                        className="font-semibold text-brand-700 underline"
                      >
                        Live classes<span className="sr-only"> of {cohort.name}</span>
                      </Link>
                      <RowActionForm
                        fields={{ id: cohort.id }}
                        intent={
                          cohort.archived_at ? COHORT_INTENTS.restore : COHORT_INTENTS.archive
                        }
                      >
                        {cohort.archived_at ? 'Restore' : 'Archive'}
                        <span className="sr-only"> {cohort.name}</span>
                      </RowActionForm>
                    </div>,
                  ])}
                </tr>
              );
            })}
          </DataTable>
        )}
      </TitledSection>
      {cohorts.length > 0 && (
        <TitledSection headingId="mentors-heading" heading="Mentors" className="mt-10">
          <p className="mt-2 text-slate-700">
            A mentor reviews the projects of their cohort’s students and follows their progress. Add
            a person by the e-mail address of their account: they sign in once first.
          </p>
          <div className="mt-4 grid gap-4">
            {cohorts.map((cohort) => (
              <CohortMentors
                key={cohort.id}
                cohort={cohort}
                mentors={mentors[cohort.id] ?? []}
                errors={forMentors ? errors : undefined}
              />
            ))}
          </div>
        </TitledSection>
      )}
    </div>
  );
}
