import { Send } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import type { Project } from '~/content/projects';
import { FormAlert } from '~/ui/field-error';
import { formFieldProps, type FormErrors } from '~/ui/form';
import { IntentButton } from '~/ui/intent-button';
import { TextField } from '~/ui/text-field';
import { LINK_MAX } from '~/lib/form-fields';
import { NOTE_MAX, SUBMIT } from './project-forms';
import { latestRevisions } from './project-standing';
import { RevisionCard } from './submission-history';
import type { SubmissionRecord } from './submissions.server';
import { TitledSection } from '~/ui/titled-section';

/**
 * A step's projects, each with where the reader's latest revision stands and, while there
 * is something to send (nothing yet, or changes requested), the Submit your project form.
 * A visitor is asked to sign in instead: a submission belongs to someone.
 */
export function StepProjects({
  projects,
  submissions,
  signedIn,
  errors,
}: {
  projects: readonly Project[];
  /** The reader's revisions of these projects, newest first. */
  submissions: readonly SubmissionRecord[];
  signedIn: boolean;
  /** A refused submission: it belongs to the project named in its values. */
  errors?: FormErrors;
}) {
  if (projects.length === 0) return null;
  const latest = latestRevisions(submissions);
  return (
    <TitledSection
      headingId="your-projects-heading"
      heading="Hand in your projects"
      className="mt-10"
    >
      <p className="mt-2 text-slate-700">
        {signedIn
          ? 'Send the link to your repository: a mentor reviews it and writes you feedback.'
          : 'Sign in to send your projects to a mentor for review.'}
      </p>
      <div className="mt-4 flex flex-col gap-6">
        {projects.map((project) => (
          <ProjectBlock
            key={project.id}
            project={project}
            latest={latest.get(project.id)}
            signedIn={signedIn}
            errors={errors?.values.projectId === project.id ? errors : undefined}
          />
        ))}
      </div>
    </TitledSection>
  );
}

function ProjectBlock({
  project,
  latest,
  signedIn,
  errors,
}: {
  project: Project;
  latest: SubmissionRecord | undefined;
  signedIn: boolean;
  errors: FormErrors | undefined;
}) {
  const headingId = `project-${project.id}-heading`;
  const sendsNext = signedIn && (!latest || latest.status === 'changes-requested');
  return (
    <section
      id={`project-${project.id}`}
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id={headingId} className="text-lg font-bold text-ink">
        {project.title}
      </h3>
      {signedIn && !latest && <p className="mt-1 text-sm text-slate-700">Not submitted yet</p>}
      {latest && (
        <div className="mt-3">
          <RevisionCard record={latest} ownWork />
        </div>
      )}
      {/* A refusal of the whole form (a version already waiting) is shown even when the
          page, reloaded, no longer offers the form. */}
      <FormAlert message={errors?.formError} className="mt-3 rounded-lg bg-red-50 px-3 py-2" />
      {sendsNext && <SubmitForm project={project} last={latest} errors={errors} />}
    </section>
  );
}

/**
 * The Submit your project form: a plain form, so it works without JavaScript. A new revision
 * starts from the last one's links and note, so the live-site link is not lost; what a
 * refused form sent comes first.
 */
function SubmitForm({
  project,
  last,
  errors,
}: {
  project: Project;
  /** The revision the mentor asked changes of; none before the first. */
  last: SubmissionRecord | undefined;
  errors: FormErrors | undefined;
}) {
  const revision = (last?.revision ?? 0) + 1;
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('projectId') === project.id;
  const field = formFieldProps(errors, `${project.id}-`);
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4" aria-label={`Submit ${project.title}`}>
      <input type="hidden" name="projectId" value={project.id} />
      {revision > 1 && <p className="text-sm font-semibold text-ink">Send revision {revision}</p>}
      <TextField
        {...field('repositoryUrl', last?.repositoryUrl)}
        label="Repository link"
        type="url"
        inputMode="url"
        required
        maxLength={LINK_MAX}
        placeholder="https://github.com/you/project"
      />
      <TextField
        {...field('liveUrl', last?.liveUrl)}
        label="Live site link (optional)"
        type="url"
        inputMode="url"
        maxLength={LINK_MAX}
        placeholder="https://you.github.io/project"
      />
      <TextField
        {...field('note', last?.note)}
        label="Note to your mentor (optional)"
        hint={`Up to ${NOTE_MAX.toLocaleString('en-US')} characters of plain text.`}
        rows={4}
        maxLength={NOTE_MAX}
      />
      <div>
        <IntentButton intent={SUBMIT} icon={Send} variant="primary" disabled={busy}>
          Submit your project
        </IntentButton>
      </div>
    </Form>
  );
}
