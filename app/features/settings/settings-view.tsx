import { Form, useNavigation } from 'react-router';
import { formatDateTimeUtc } from '~/lib/format';
import { buttonClass } from '~/ui/button';
import { FormAlert } from '~/ui/field-error';
import { formFieldProps, type FormErrors } from '~/ui/form';
import { PageTitle } from '~/ui/page-title';
import { Spinner } from '~/ui/spinner';
import { TextField } from '~/ui/text-field';
import { TitledSection } from '~/ui/titled-section';
import { SETTING_GROUPS, SETTING_NAMES, SETTINGS, settingText } from './settings';
import type { SettingChange, SettingName, SettingValues } from './settings';

/**
 * `/admin/settings`: a field for every setting (its label, what it changes, its default),
 * one Save, and the latest changes with who made them.
 */
export function SettingsView(props: {
  values: SettingValues;
  changes: SettingChange[];
  errors?: FormErrors<SettingName>;
}) {
  const { values, changes, errors } = props;
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const field = formFieldProps(errors, 'setting-');
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <p className="mt-2 text-slate-700">
        The academy’s rules that admins may change. Each change is recorded with who made it.
      </p>
      <Form
        method="post"
        aria-labelledby="settings-form-heading"
        className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:grid-cols-2"
      >
        <h2 id="settings-form-heading" className="sr-only">
          Academy settings
        </h2>
        {SETTING_GROUPS.map((group) => (
          <fieldset
            key={group}
            className="m-0 grid min-w-0 gap-4 border-0 p-0 sm:col-span-2 sm:grid-cols-2"
          >
            <legend className="mb-2 text-lg font-bold text-ink">{group}</legend>
            {SETTING_NAMES.filter((name) => SETTINGS[name].group === group).map((name) => {
              const setting = SETTINGS[name];
              return (
                <TextField
                  key={name}
                  {...field(name, settingText(values[name]))}
                  {...setting.input}
                  label={setting.label}
                  hint={`${setting.hint} Default: ${settingText(setting.defaultValue)}.`}
                  required
                />
              );
            })}
          </fieldset>
        ))}
        <FormAlert message={errors?.formError} className="text-sm sm:col-span-2" />
        <div className="sm:col-span-2">
          <button type="submit" disabled={saving} className={buttonClass('primary')}>
            {saving && <Spinner className="h-4 w-4" />}
            Save settings
          </button>
        </div>
      </Form>
      <TitledSection headingId="setting-changes-heading" heading="Changes" className="mt-10">
        {changes.length === 0 ? (
          <p className="mt-2 text-slate-700">No setting was changed yet: each has its default.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {changes.map((change) => (
              <li key={change.id} className="px-4 py-3 text-sm [overflow-wrap:anywhere]">
                <span className="font-semibold text-ink">{change.label}</span>: {change.oldValue} →{' '}
                {change.newValue}, by {change.changedByName},{' '}
                <time dateTime={change.changedAt}>{formatDateTimeUtc(change.changedAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </>
  );
}
