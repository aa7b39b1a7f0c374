import type { Page } from '@playwright/test';
import { QUIZ_QUESTIONS } from '../../app/content/quiz-questions.server';
import { QUIZZES, type QuizId } from '../../app/content/quizzes';
import { PERMISSION_DENIED_MESSAGES } from '../../app/features/auth/permission-denied';
import { answerField } from '../../app/features/quizzes/quiz';
import { openAttempt, submitAttempt } from '../../app/features/quizzes/quiz-attempts.server';
import { DEFAULT_SETTINGS } from '../../app/features/settings/settings';
import { saveSettings } from '../../app/features/settings/settings.server';
import { answerFields, chosenOptions, passingCount } from '../support/quiz-answers';
import { signInThroughPopup, uniqueEmail } from './auth-helpers';
import { member, newCohort } from './cohort-people';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import { createAccount, openAsNewAccount, signInNewAccount, useAccount } from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';

const HTML_CSS = QUIZ_QUESTIONS['html-css'];

/** An option's words as the page shows them: code without its backticks. */
const shown = (text: string) => text.replaceAll('`', '');

/** Each question's box on the quiz page, in the quiz's order. */
const questionBoxes = (page: Page) =>
  page.getByRole('form', { name: 'Quiz questions' }).locator('li > fieldset');

/** Answers the quiz on the page: the first `right` questions by the key, the rest wrongly. */
async function answerQuiz(page: Page, quizId: QuizId, right: number) {
  const questions = QUIZ_QUESTIONS[quizId];
  const boxes = questionBoxes(page);
  await expect(boxes).toHaveCount(questions.length);
  for (const [index, question] of questions.entries()) {
    for (const id of chosenOptions(question, index < right)) {
      const option = question.options.find((candidate) => candidate.id === id)!;
      await boxes.nth(index).getByLabel(shown(option.text), { exact: true }).check();
    }
  }
  await page.getByRole('button', { name: 'Submit answers' }).click();
}

const attemptCount = (userId: string) =>
  readValue<number>('select count(*) from quiz_attempts where user_id = ?', userId);

const gradedCount = (userId: string) =>
  readValue<number>(
    'select count(*) from quiz_attempts where user_id = ? and submitted_at is not null',
    userId,
  );

test('a visitor reads the HTML & CSS quiz, is asked to sign in, and signs in to take it', async ({
  page,
}) => {
  await gotoApp(page, '/fed/html-css-quiz');
  await expect(page.getByRole('heading', { level: 1, name: 'HTML & CSS Quiz' })).toBeVisible();
  await expect(questionBoxes(page)).toHaveCount(HTML_CSS.length);
  // The questions are there to read; the answers wait for a sign-in.
  await expect(questionBoxes(page).first()).toContainText(shown(HTML_CSS[0]!.prompt));
  await expect(questionBoxes(page).first().locator('input').first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toHaveCount(0);
  await expect(
    page.getByText('Sign in to take this quiz: your score and the corrections are kept for you.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'quiz-visitor');

  await signInThroughPopup(page, {
    email: uniqueEmail('quiz-visitor'),
    name: 'Quiz Visitor',
    trigger: () =>
      page
        .getByRole('form', { name: 'Quiz questions' })
        .getByRole('link', { name: 'Login With Google' })
        .click(),
  });
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeVisible();
  await expect(questionBoxes(page).first().locator('input').first()).toBeEnabled();
});

test('a student fails the HTML & CSS quiz, passes on a retry, and Step 2, the menu and the course home show it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const student = await signInNewAccount(context, 'level-1', 'Quiz Student');
  const pass = passingCount(HTML_CSS.length);

  await gotoApp(page, '/fed/html-css');
  const callout = page.getByRole('region', { name: 'Graded quiz: HTML & CSS Quiz' });
  await expect(callout).toContainText('Not taken yet.');
  await callout.getByRole('link', { name: 'Take the quiz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'HTML & CSS Quiz' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'quiz-form');

  // One short of the pass mark: the score, the corrections and why.
  await answerQuiz(page, 'html-css', pass - 1);
  await expect(page).toHaveURL(/\/fed\/html-css-quiz\?attempt=qza_/);
  const percent = Math.round(((pass - 1) * 100) / HTML_CSS.length);
  await expect(page.getByRole('heading', { name: 'Your score' })).toHaveText(
    `Your score: ${pass - 1} of ${HTML_CSS.length}, ${percent} %`,
  );
  await expect(page.getByText('Not passed yet: 70 % is needed to pass.')).toBeVisible();
  const last = HTML_CSS.at(-1)!;
  const wrong = page.getByRole('article', { name: `${HTML_CSS.length}. ${shown(last.prompt)}` });
  await expect(wrong.getByText('Wrong', { exact: true })).toBeVisible();
  await expect(wrong.getByText(shown(last.explanation))).toBeVisible();
  const rightOne = last.options.find((option) => option.correct)!;
  await expect(
    wrong
      .getByRole('listitem')
      .filter({ hasText: shown(rightOne.text) })
      .first(),
  ).toContainText('Correct answer');
  await expect(page.getByText('Right', { exact: true })).toHaveCount(pass - 1);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'quiz-result-failed');

  // Try again: a new attempt, every answer right.
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeVisible();
  await answerQuiz(page, 'html-css', HTML_CSS.length);
  await expect(page.getByRole('heading', { name: 'Your score' })).toHaveText(
    `Your score: ${HTML_CSS.length} of ${HTML_CSS.length}, 100 %`,
  );
  await expect(
    page.getByRole('region', { name: /^Your score/ }).getByText('Passed', { exact: true }),
  ).toBeVisible();
  const attempts = page.getByRole('region', { name: 'Your last attempts' });
  await expect(attempts.getByRole('row')).toHaveCount(3);
  await expect(attempts).toContainText(`${pass - 1} of ${HTML_CSS.length}`);
  await saveFullPageScreenshot(page, 'quiz-result-passed');
  expect(await gradedCount(student.id)).toBe(2);

  await page.getByRole('link', { name: 'Back to Step 2: HTML & CSS' }).click();
  await expect(callout).toContainText(
    `Passed: best ${HTML_CSS.length} of ${HTML_CSS.length}, 100 % (2 attempts).`,
  );
  await expect(
    page
      .getByRole('navigation', { name: 'Course steps' })
      // On a phone the steps wait behind their toggle.
      .getByRole('link', { name: /^Step 2: HTML & CSS\s*\(quiz passed\)/, includeHidden: true }),
  ).toBeAttached();
  await saveFullPageScreenshot(page, 'quiz-step-passed');
  await gotoApp(page, '/fed/home');
  await expect(page.getByText('Quizzes: 1 of 3 passed')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a student answers the quiz in a plain form and reads the result', async ({ page }) => {
    const student = await openAsNewAccount(page, '/fed/html-css-quiz', 'none', 'No Script Student');
    await answerQuiz(page, 'html-css', HTML_CSS.length);
    await expect(page.getByRole('heading', { name: 'Your score' })).toHaveText(
      `Your score: ${HTML_CSS.length} of ${HTML_CSS.length}, 100 %`,
    );
    expect(await gradedCount(student.id)).toBe(1);
  });
});

for (const quiz of QUIZZES.filter((candidate) => candidate.studentsOnly)) {
  test(`${quiz.title}: Permission Denied without access, and no question in its HTML or .data @http`, async ({
    request,
  }) => {
    const questions = QUIZ_QUESTIONS[quiz.id];
    const secrets = questions.flatMap((question) => [
      question.prompt,
      question.explanation,
      ...question.options.map((option) => option.text),
    ]);
    const none = await createAccount('none');
    for (const cookie of [undefined, none.cookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const html = await request.get(`/fed/${quiz.page}`, { headers });
      const data = await request.get(`/fed/${quiz.page}.data`, { headers });
      expect(html.status()).toBe(403);
      expect(data.status()).toBe(403);
      const page = await html.text();
      const loaderData = await data.text();
      expect(page).toContain(PERMISSION_DENIED_MESSAGES.student);
      for (const secret of secrets) {
        expect(page).not.toContain(secret);
        expect(loaderData).not.toContain(secret);
      }
      // Nor can such a reader submit to it.
      const post = await postForm(`/fed/${quiz.page}`, cookie ?? '', { attempt: 'qza_x' });
      expect(post.status).toBe(403);
    }
    expect(await attemptCount(none.id)).toBe(0);
    const student = await createAccount('level-1');
    const page = await request.get(`/fed/${quiz.page}`, { headers: { cookie: student.cookie } });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(shown(questions[0]!.prompt).replaceAll('&', '&amp;'));
  });
}

test('a quiz page’s data holds the questions but no answer key @http', async ({ request }) => {
  const student = await createAccount('level-1');
  for (const quiz of QUIZZES) {
    const data = await request.get(`/fed/${quiz.page}.data`, {
      headers: { cookie: student.cookie },
    });
    expect(data.status()).toBe(200);
    const text = await data.text();
    const questions = QUIZ_QUESTIONS[quiz.id];
    expect(text).toContain(questions[0]!.prompt);
    // No key and no explanation: the options are only their words and their positions.
    expect(text).not.toContain('"correct"');
    expect(text).not.toContain('"explanation"');
    for (const question of questions) expect(text).not.toContain(question.explanation);
  }
});

test('tampered answers are refused and change nothing; a replay is stored once @http', async () => {
  const student = await createAccount('none');
  const other = await createAccount('none');
  const { attempt, othersAttempt } = await withE2eDatabase(async (db) => ({
    attempt: await openAttempt(db, student.id, 'html-css'),
    othersAttempt: await openAttempt(db, other.id, 'html-css'),
  }));
  const [first, second] = HTML_CSS;
  const send = (fields: Record<string, string>, cookie = student.cookie) =>
    postForm('/fed/html-css-quiz', cookie, fields);
  const refusals: [string, Record<string, string>, number, string][] = [
    ['no attempt', { [answerField(first!.id)]: '0' }, 400, 'The form could not be read'],
    ['an unknown attempt', { attempt: 'qza_unknown' }, 404, 'This attempt does not exist'],
    ['someone else’s attempt', { attempt: othersAttempt.id }, 403, 'belongs to someone else'],
    [
      'a question not in the attempt',
      { attempt: attempt.id, [answerField('no-such-question')]: '0' },
      400,
      'not in this attempt',
    ],
    [
      'an option past the question’s',
      { attempt: attempt.id, [answerField(first!.id)]: String(first!.options.length) },
      400,
      'not one of its question’s options',
    ],
  ];
  for (const [what, fields, status, message] of refusals) {
    const response = await send(fields);
    expect(response.status, what).toBe(status);
    expect(await response.text(), what).toContain(message);
  }
  const twice = new URLSearchParams({ attempt: attempt.id });
  const single = HTML_CSS.find((question) => question.kind !== 'multiple')!;
  twice.append(answerField(single.id), '0');
  twice.append(answerField(single.id), '1');
  const answeredTwice = await postForm('/fed/html-css-quiz', student.cookie, twice.toString());
  expect(answeredTwice.status).toBe(400);
  expect(await answeredTwice.text()).toContain('A question was answered twice.');
  // A quiz that does not exist.
  expect((await postForm('/fed/vue-quiz', student.cookie, { attempt: attempt.id })).status).toBe(
    404,
  );
  // A visitor is asked to sign in; nothing above was stored.
  expect((await send({ attempt: attempt.id }, '')).status).toBe(401);
  expect(await gradedCount(student.id)).toBe(0);
  expect(await gradedCount(other.id)).toBe(0);

  // The same attempt sent twice (a double click, a replay): graded once, both see it.
  const fields = { attempt: attempt.id, [answerField(second!.id)]: '0' };
  const [one, two] = await Promise.all([send(fields), send(fields)]);
  for (const response of [one, two]) {
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/fed/html-css-quiz?attempt=${attempt.id}`);
  }
  expect(await gradedCount(student.id)).toBe(1);
  expect(await attemptCount(student.id)).toBe(1);
});

test('a mentor sees each student’s first and best score and attempts; the admin page and history show them', async ({
  page,
  context,
}, testInfo) => {
  const suffix = `${testInfo.project.name} ${Math.random().toString(36).slice(2, 6)}`;
  const cohort = await newCohort(`Quiz cohort ${suffix}`);
  const student = await member('level-1', cohort, `Quiz Learner ${suffix}`);
  const mentor = await member('none', cohort, `Quiz Mentor ${suffix}`, { mentor: true });
  const questions = QUIZ_QUESTIONS.javascript;
  const pass = passingCount(questions.length);
  await withE2eDatabase(async (db) => {
    for (const right of [pass - 2, pass]) {
      const attempt = await openAttempt(db, student.id, 'javascript');
      const result = await submitAttempt(db, {
        userId: student.id,
        quizId: 'javascript',
        attemptId: attempt.id,
        answers: answerFields(questions, attempt.order, right),
      });
      expect(result.outcome).toBe('graded');
    }
  });
  const best = `${pass} of ${questions.length}, ${Math.round((pass * 100) / questions.length)} %`;
  const first = `${pass - 2} of ${questions.length}, ${Math.round(((pass - 2) * 100) / questions.length)} %`;

  await useAccount(context, mentor);
  await gotoApp(page, `/mentor/students/${student.id}`);
  const quizzes = page.getByRole('region', { name: 'Quizzes' });
  await expect(quizzes).toContainText('1 of 3 passed.');
  const javascript = quizzes.getByRole('article', { name: 'JavaScript Quiz' });
  await expect(javascript.getByRole('definition')).toHaveText(['Passed', first, best, '2', /UTC$/]);
  await expect(
    quizzes.getByRole('article', { name: 'React Quiz' }).getByRole('definition'),
  ).toHaveText(['Not taken', 'None yet', 'None yet', '0', 'None yet']);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'quiz-mentor-view');

  await openAsNewAccount(page, `/admin/user-details/${student.id}`, 'admin');
  await expect(
    page.getByRole('region', { name: 'Quizzes' }).getByRole('article', { name: 'JavaScript Quiz' }),
  ).toContainText(best);
  await expect(page.getByText(`JavaScript Quiz: ${best}, passed`)).toBeVisible();
  await expect(
    page.getByText(`JavaScript Quiz: ${pass - 2} of ${questions.length}`, { exact: false }),
  ).toBeVisible();
});

test('a blank attempt’s result names no right answer: each question says "Not answered" @http', async ({
  request,
}) => {
  const student = await createAccount('none');
  const attempt = await withE2eDatabase((db) => openAttempt(db, student.id, 'html-css'));
  const submitted = await postForm('/fed/html-css-quiz', student.cookie, { attempt: attempt.id });
  expect(submitted.status).toBe(302);
  const headers = { cookie: student.cookie };
  const html = await (
    await request.get(`/fed/html-css-quiz?attempt=${attempt.id}`, { headers })
  ).text();
  const data = await (
    await request.get(`/fed/html-css-quiz.data?attempt=${attempt.id}`, { headers })
  ).text();
  expect(html).toContain(`0 of ${HTML_CSS.length}, 0 %`);
  expect(html.match(/Not answered/g)).toHaveLength(HTML_CSS.length);
  expect(html).not.toContain('Correct answer');
  // Nothing of a correction but the questions and their options: no key, no explanation.
  expect(data).not.toContain('"explanation"');
  expect(data).not.toContain('"chosen"');
  for (const question of HTML_CSS) {
    expect(data).not.toContain(question.explanation);
    expect(html).not.toContain(shown(question.explanation).slice(0, 30));
  }
});

test('after 3 attempts in a row the page says when the next opens, and an early submit is refused and changes nothing @http', async ({
  request,
}) => {
  const student = await createAccount('none');
  const { open } = await withE2eDatabase(async (db) => {
    for (let n = 0; n < 3; n += 1) {
      const attempt = await openAttempt(db, student.id, 'html-css');
      await submitAttempt(db, {
        userId: student.id,
        quizId: 'html-css',
        attemptId: attempt.id,
        answers: answerFields(HTML_CSS, attempt.order, HTML_CSS.length),
      });
    }
    // A fourth attempt opened before the third was sent (another tab).
    return { open: await openAttempt(db, student.id, 'html-css') };
  });
  const page = await request.get('/fed/html-css-quiz', { headers: { cookie: student.cookie } });
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain('Your next attempt opens at');
  expect(html).not.toContain('Submit answers');

  const fields = new URLSearchParams({ attempt: open.id });
  for (const [name, positions] of Object.entries(
    answerFields(HTML_CSS, open.order, HTML_CSS.length),
  )) {
    for (const position of [positions].flat()) fields.append(name, position);
  }
  const early = await postForm('/fed/html-css-quiz', student.cookie, fields.toString());
  expect(early.status).toBe(429);
  expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await early.text()).toContain('Your next attempt opens at');
  expect(await gradedCount(student.id)).toBe(3);
  expect(
    await readValue<number>(
      'select count(*) from quiz_attempts where id = ? and submitted_at is null',
      open.id,
    ),
  ).toBe(1);
});

test('an admin sets the quiz attempts in a row and the wait at /admin/settings; each change is recorded with who made it', async ({
  page,
}) => {
  const name = `Settings Admin ${Math.random().toString(36).slice(2, 6)}`;
  const admin = await openAsNewAccount(page, '/admin/settings', 'admin', name);
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const inARow = page.getByLabel('Quiz attempts in a row');
    const wait = page.getByLabel('Wait after them (minutes)');
    await expect(inARow).toHaveValue(String(DEFAULT_SETTINGS.quizAttemptsInARow));
    await expect(wait).toHaveValue(String(DEFAULT_SETTINGS.quizWaitMinutes));
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'admin-settings');

    // Only the wait changes (longer: a quiz test running meanwhile still waits).
    await wait.fill('11');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(wait).toHaveValue('11');
    await expect(
      page.getByRole('region', { name: 'Changes' }).getByRole('listitem').filter({ hasText: name }),
    ).toHaveText(new RegExp(`^Wait after them \\(minutes\\): 10 → 11, by ${name}, .+ UTC$`));
  } finally {
    await withE2eDatabase((db) => saveSettings(db, { values: DEFAULT_SETTINGS, admin }));
  }
});

test('/admin/settings: 403 for everyone but admins, on the page and its form; an admin’s value out of its limits is refused with why, and nothing is saved @http', async ({
  request,
}) => {
  const admin = await createAccount('admin');
  const refused = await postForm('/admin/settings', admin.cookie, {
    quizAttemptsInARow: '0',
    quizWaitMinutes: '1e2',
  });
  expect(refused.status).toBe(400);
  const answer = await refused.text();
  expect(answer).toContain('Enter a whole number from 1 to 100.');
  expect(answer).toContain('Enter a whole number from 1 to 10,080.');
  for (const access of ['none', 'level-1'] as const) {
    const account = await createAccount(access);
    const page = await request.get('/admin/settings', { headers: { cookie: account.cookie } });
    expect(page.status(), access).toBe(403);
    const post = await postForm('/admin/settings', account.cookie, {
      quizAttemptsInARow: '100',
      quizWaitMinutes: '1',
    });
    expect(post.status, access).toBe(403);
  }
  expect((await request.get('/admin/settings')).status()).toBe(403);
  expect(await readValue<number>("select count(*) from academy_settings where value = '100'")).toBe(
    0,
  );
});
