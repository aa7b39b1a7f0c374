import { Form, Link, useNavigation } from 'react-router';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import type { CohortRow } from '~/db/schema';
import { buttonClass } from '~/ui/button';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { Spinner } from '~/ui/spinner';
import { formatCohortStart } from './cohort-dates';
import { COHORT_INTENTS, type CohortField } from './cohort-form';

const COLUMNS = ['Name', 'Starts', 'Schedule', 'Members', 'Status', 'Action'] as const;

function CohortForm({
  editing,
  errors,
  cohortCount,
}: {
  editing?: CohortRow;
  errors?: FormErrors<CohortField>;
  /** A new cohort's form starts empty again once the one typed was created. */
  cohortCount: number;
}) {
  const navigation = useNavigation();
  // The save button sends no intent: a form without one is a save (the route's schema).
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === null;
  const fieldErrors = errors?.fieldErrors ?? {};
  // A page refused without JavaScript shows what was typed again.
  const typed = errors?.values ?? {};
  return (
    <Form
      method="post"
      key={editing?.id ?? `new-${cohortCount}`}
      aria-labelledby="cohort-form-heading"
      className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:grid-cols-2"
    >
      <h2 id="cohort-form-heading" className="text-lg font-bold text-ink sm:col-span-2">
        {editing ? `Edit ${editing.name}` : 'New cohort'}
      </h2>
      {editing && <input type="hidden" name="id" value={editing.id} />}
      <div>
        <label htmlFor="cohort-name" className={labelClass}>
          Name
        </label>
        <input
          id="cohort-name"
          name="name"
          required
          minLength={2}
          maxLength={60}
          defaultValue={typed.name ?? editing?.name}
          className={fieldClass}
          {...invalidFieldProps('cohort-name', fieldErrors.name)}
        />
        <FieldError fieldId="cohort-name" message={fieldErrors.name} />
      </div>
      <div>
        <label htmlFor="cohort-start" className={labelClass}>
          Start date
        </label>
        <input
          id="cohort-start"
          type="date"
          name="startDate"
          defaultValue={typed.startDate ?? editing?.start_date ?? ''}
          className={fieldClass}
          {...invalidFieldProps('cohort-start', fieldErrors.startDate)}
        />
        <FieldError fieldId="cohort-start" message={fieldErrors.startDate} />
      </div>
      <div>
        <label htmlFor="cohort-schedule" className={labelClass}>
          Schedule
        </label>
        <input
          id="cohort-schedule"
          name="schedule"
          maxLength={120}
          placeholder="Tue and Thu, 7–9 pm WAT"
          defaultValue={typed.schedule ?? editing?.schedule}
          className={fieldClass}
          {...invalidFieldProps('cohort-schedule', fieldErrors.schedule)}
        />
        <FieldError fieldId="cohort-schedule" message={fieldErrors.schedule} />
      </div>
      <div>
        <label htmlFor="cohort-capacity" className={labelClass}>
          Capacity (optional)
        </label>
        <input
          id="cohort-capacity"
          name="capacity"
          type="number"
          min={1}
          max={10000}
          inputMode="numeric"
          defaultValue={typed.capacity ?? editing?.capacity ?? ''}
          className={fieldClass}
          {...invalidFieldProps('cohort-capacity', fieldErrors.capacity)}
        />
        <FieldError fieldId="cohort-capacity" message={fieldErrors.capacity} />
      </div>
      {errors?.formError && (
        <p role="alert" className="text-sm font-semibold text-red-800 sm:col-span-2">
          {errors.formError}
        </p>
      )}
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

/** `/admin/cohorts`: every cohort, how many people it holds, and the form to add or edit one. */
export function CohortsView({
  cohorts,
  members,
  editing,
  errors,
}: {
  cohorts: CohortRow[];
  members: Record<string, number>;
  editing?: CohortRow;
  /** The cohort form's refusal; an Archive or Restore is refused only when tampered with. */
  errors?: FormErrors<CohortField>;
}) {
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-extrabold text-ink">Cohorts</h1>
      <p className="mt-2 text-slate-700">
        The groups students learn with. The next one to start is announced on the home and enroll
        pages. An archived cohort is no longer offered or announced; its members keep it.
      </p>
      <CohortForm editing={editing} errors={errors} cohortCount={cohorts.length} />
      <section aria-labelledby="cohorts-heading" className="mt-10">
        <h2 id="cohorts-heading" className="text-xl font-bold text-ink">
          All cohorts
        </h2>
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
                      <Form method="post">
                        <input type="hidden" name="id" value={cohort.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={
                            cohort.archived_at ? COHORT_INTENTS.restore : COHORT_INTENTS.archive
                          }
                          className="rounded font-semibold text-brand-700 underline"
                        >
                          {cohort.archived_at ? 'Restore' : 'Archive'}
                          <span className="sr-only"> {cohort.name}</span>
                        </button>
                      </Form>
                    </div>,
                  ])}
                </tr>
              );
            })}
          </DataTable>
        )}
      </section>
    </div>
  );
}
