import { BellRing, CalendarSync, Copy, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '~/ui/button';
import { fieldClass, labelClass } from '~/ui/form';
import { CheckboxField } from '~/ui/checkbox-field';
import { IntentButton } from '~/ui/intent-button';
import { TitledPanel } from '~/ui/titled-panel';
import { RESET_FEED, SAVE_REMINDERS } from './schedule-form';
import { ClassList, PLACEMENT_SENTENCE } from './student-class-views';
import type { StudentClass } from './student-classes.server';
import { FormAlert } from '~/ui/field-error';
import { PageTitle } from '~/ui/page-title';

export type ScheduleData =
  | {
      kind: 'no-cohort';
      /** An admin or a mentor: the classes they run are elsewhere. */
      runsClasses: boolean;
    }
  | {
      kind: 'cohort';
      cohortName: string;
      academyZone: string;
      upcoming: StudentClass[];
      past: StudentClass[];
      /** The private feed's address (https) and its `webcal://` twin. */
      feed: { url: string; webcal: string };
      reminders: boolean;
    };

/** One of the page's two settings panels: a white panel whose heading is its icon, then its title. */
function SettingsPanel({
  id,
  icon: Icon,
  title,
  className,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <TitledPanel
      tone="white"
      id={id}
      headingId={`${id}-heading`}
      headingClassName="flex items-center gap-2 text-xl font-bold text-ink"
      heading={
        <>
          <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
          {title}
        </>
      }
      className={className}
    >
      {children}
    </TitledPanel>
  );
}

/**
 * Subscribe in your calendar: the `webcal://` link opens the calendar app; the address is
 * also in a read-only field (select it to copy without JavaScript) with a Copy link button.
 */
function CalendarFeed({ feed }: { feed: { url: string; webcal: string } }) {
  const [copied, setCopied] = useState(false);
  return (
    <SettingsPanel
      id="calendar-feed"
      icon={CalendarSync}
      title="Subscribe in your calendar"
      className="mt-10"
    >
      <p className="mt-2 text-slate-700">
        Your calendar app keeps every class of your cohort up to date, cancellations included. This
        link is private: anyone who has it sees your cohort’s class times.
      </p>
      <a href={feed.webcal} className={buttonClass('primary', 'mt-4')}>
        Subscribe in your calendar
      </a>
      <label htmlFor="feed-url" className={`${labelClass} mt-5`}>
        Your calendar link
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="feed-url"
          type="text"
          readOnly
          value={feed.url}
          className={`${fieldClass} mt-0 font-mono`}
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* Without JavaScript the button could do nothing: hidden, the field is selectable. */}
        <button
          type="button"
          className={buttonClass('secondary', 'shrink-0 [html:not(.js)_&]:hidden')}
          onClick={() => {
            void navigator.clipboard.writeText(feed.url).then(() => setCopied(true));
          }}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          Copy link
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-teal-900">
        {copied ? 'Link copied.' : ''}
      </p>
      <Form method="post" className="mt-3">
        <p className="text-sm text-slate-700">
          Shared the link by mistake? Reset it: the old link stops working at once, and you
          subscribe again with the new one.
        </p>
        <IntentButton intent={RESET_FEED} variant="ghost" className="mt-2 border border-slate-300">
          Reset link
        </IntentButton>
      </Form>
    </SettingsPanel>
  );
}

function ReminderPreference({ on, formError }: { on: boolean; formError?: string }) {
  return (
    <SettingsPanel id="reminders" icon={BellRing} title="Reminders" className="mt-6">
      <Form method="post" className="mt-3">
        <CheckboxField id="reminders-on" name="reminders" defaultChecked={on}>
          E-mail me a reminder 24 hours and 1 hour before each class
        </CheckboxField>
        <FormAlert message={formError} className="mt-2 text-sm" />
        <IntentButton intent={SAVE_REMINDERS} variant="secondary" className="mt-3">
          Save reminder setting
        </IntentButton>
      </Form>
    </SettingsPanel>
  );
}

/** The schedule's two lists of classes, and what each says while it is empty. */
const CLASS_LISTS = [
  { when: 'upcoming', label: 'Upcoming classes', empty: 'No live classes are scheduled yet.' },
  { when: 'past', label: 'Past classes', empty: 'No class has taken place yet.' },
] as const;

export function ScheduleView({
  schedule,
  formError,
}: {
  schedule: ScheduleData;
  formError?: string;
}) {
  return (
    <article className="max-w-4xl">
      <PageTitle>Schedule</PageTitle>
      {schedule.kind === 'no-cohort' ? (
        <>
          <p className="mt-4 text-lg text-slate-700">{PLACEMENT_SENTENCE}</p>
          {schedule.runsClasses && (
            <p className="mt-3">
              <Link to="/mentor/classes" className="font-semibold text-brand-700 underline">
                See the live classes you run
              </Link>
            </p>
          )}
        </>
      ) : (
        <>
          <p className="mt-4 text-lg text-slate-700">Every live class of {schedule.cohortName}.</p>
          {CLASS_LISTS.map(({ when, label, empty }) => (
            <ClassList
              key={when}
              id={`${when}-classes-heading`}
              label={label}
              classes={schedule[when]}
              academyZone={schedule.academyZone}
              empty={empty}
            />
          ))}
          <CalendarFeed feed={schedule.feed} />
          <ReminderPreference on={schedule.reminders} formError={formError} />
        </>
      )}
    </article>
  );
}
