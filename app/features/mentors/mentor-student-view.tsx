import { RevisionCard } from '~/features/projects/submission-history';
import { QuizStandingsSection, quizzesPassedLine } from '~/features/quizzes/quiz-standings';
import { BackLink } from '~/ui/back-link';
import { Fact } from '~/ui/fact';
import { LastSignIn, projectsApproved, stepsDone } from './cohort-rosters-view';
import type { MentorStudentView } from './mentor-area.server';
import { TitledSection } from '~/ui/titled-section';
import { PageTitle } from '~/ui/page-title';

/**
 * A student as their mentor sees them: progress, quizzes and every revision with its review. Nothing
 * of payments, transfers, receipts or access is loaded for it, so none can show.
 */
export function MentorStudentPage({ student, submissions, quizzes }: MentorStudentView) {
  return (
    <article aria-labelledby="student-heading" className="max-w-3xl">
      <BackLink to="/mentor/cohorts">Back to My cohorts</BackLink>
      <PageTitle id="student-heading" className="mt-4">
        {student.name}
      </PageTitle>
      <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
        <Fact label="Cohort">{student.cohortName ?? 'None'}</Fact>
        <Fact label="Progress">{stepsDone(student)}</Fact>
        <Fact label="Projects">{projectsApproved(student)}</Fact>
        <Fact label="Quizzes">{quizzesPassedLine(quizzes)}</Fact>
        <Fact label="Last sign-in">
          <LastSignIn at={student.lastSignInAt} />
        </Fact>
      </dl>
      <QuizStandingsSection standings={quizzes} />
      <TitledSection headingId="submissions-heading" heading="Submissions" className="mt-10">
        {submissions.length === 0 ? (
          <p className="mt-2 text-slate-700">No project sent yet.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {submissions.map((record) => (
              <li key={record.id}>
                <RevisionCard record={record} withTitle />
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </article>
  );
}
