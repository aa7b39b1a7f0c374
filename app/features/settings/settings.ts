import { wholeNumber } from '~/lib/form-fields';
import { z } from '~/lib/zod';

/**
 * The academy's settings (decision 065, client-safe): each has a label, what it changes, a
 * typed default and the field that checks a new value. A setting no admin changed has its
 * default; a stored value its field no longer takes (its limits changed since) falls back to
 * the default too. Adding a setting is one line of `SETTINGS`.
 */

/** How a setting's value is typed in the form: the props of its input. */
interface SettingInput {
  type: 'number';
  min: number;
  max: number;
  inputMode: 'numeric';
}

export interface SettingDefinition<Value> {
  /** The part of the form it sits in. */
  group: string;
  label: string;
  hint: string;
  defaultValue: Value;
  /** Reads what was typed (or stored) into the value; its message names the field's limits. */
  field: z.ZodType<Value, string | undefined>;
  input: SettingInput;
}

/** A whole number from `min` to `max`. */
function wholeNumberSetting(
  group: string,
  label: string,
  hint: string,
  defaultValue: number,
  [min, max]: [number, number],
): SettingDefinition<number> {
  const message = `Enter a whole number from ${min} to ${max.toLocaleString('en-US')}.`;
  return {
    group,
    label,
    hint,
    defaultValue,
    field: wholeNumber(message, min, max).pipe(z.number()),
    input: { type: 'number', min, max, inputMode: 'numeric' },
  };
}

// One line a setting, as many as there are.
// prettier-ignore
export const SETTINGS = {
  quizAttemptsInARow: wholeNumberSetting('Quizzes', 'Quiz attempts in a row', 'How many attempts at one quiz a student may make before a wait.', 3, [1, 100]),
  quizWaitMinutes: wholeNumberSetting('Quizzes', 'Wait after them (minutes)', 'How long a student then waits for the next attempt at that quiz.', 10, [1, 10_080]),
};

export type SettingName = keyof typeof SETTINGS;

export type SettingValues = {
  [Name in SettingName]: (typeof SETTINGS)[Name]['defaultValue'];
};

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** The form's parts, in the order their first setting comes. */
export const SETTING_GROUPS = [...new Set(SETTING_NAMES.map((name) => SETTINGS[name].group))];

export const DEFAULT_SETTINGS = Object.fromEntries(
  SETTING_NAMES.map((name) => [name, SETTINGS[name].defaultValue]),
) as SettingValues;

/** The settings form: every setting's field, by its name. */
export const settingsFormSchema = z.object(
  Object.fromEntries(SETTING_NAMES.map((name) => [name, SETTINGS[name].field])) as {
    [Name in SettingName]: (typeof SETTINGS)[Name]['field'];
  },
);

/** A setting's value as the form shows it and the table stores it. */
export const settingText = (value: SettingValues[SettingName]): string => String(value);

/** A change of a setting, as the page lists it. */
export interface SettingChange {
  id: string;
  name: SettingName;
  label: string;
  oldValue: string;
  newValue: string;
  changedByName: string;
  changedAt: string;
}

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  unchanged: 'Nothing changed: the values are the ones in use.',
} as const;
