import { describe, expect, it } from 'vitest';
import { QUIZ_QUESTIONS } from '~/content/quiz-questions.server';
import type { User } from '~/db/schema';
import { atTheSameMoment } from '../../../tests/support/same-moment';
import { insertUser } from '../../../tests/support/factories';
import { answerFields, passingCount } from '../../../tests/support/quiz-answers';
import { useTestDatabase } from '../../../tests/support/test-database';
import { answerField } from './quiz';
import {
  gradedAttemptResult,
  gradedAttemptsOf,
  gradedQuizAttemptsOf,
  nextAttemptAt,
  openAttempt,
  quizAttemptRule,
  quizStandingsOf,
  submitAttempt,
} from './quiz-attempts.server';
import { timelineOf } from '../../../tests/support/timeline';
import { saveSettings } from '~/features/settings/settings.server';
import { admin } from '../../../tests/support/factories';

const database = useTestDatabase();

const QUIZ = 'javascript';
const questions = QUIZ_QUESTIONS[QUIZ];
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute));

const attemptRows = (user: User) =>
  database.db.selectFrom('quiz_attempts').selectAll().where('user_id', '=', user.id).execute();

/** Opens an attempt and submits it with `right` answers by the key. */
async function takeQuiz(user: User, right: number, minute = 0) {
  const attempt = await openAttempt(database.db, user.id, QUIZ, at(minute));
  const answers = answerFields(questions, attempt.order, right);
  const result = await submitAttempt(
    database.db,
    { userId: user.id, quizId: QUIZ, attemptId: attempt.id, answers },
    at(minute + 1),
  );
  return { attempt, answers, result };
}

describe('openAttempt', () => {
  it('keeps one open attempt per student and quiz, in the same order on every visit', async () => {
    const student = await insertUser(database.db);
    const first = await openAttempt(database.db, student.id, QUIZ);
    const again = await openAttempt(database.db, student.id, QUIZ);
    expect(again).toEqual(first);
    const other = await openAttempt(database.db, student.id, 'react');
    expect(other.id).not.toBe(first.id);
    expect(await attemptRows(student)).toHaveLength(2);
  });

  it('opens one attempt when two tabs open the quiz at the same moment', async () => {
    const student = await insertUser(database.db);
    const opened = await atTheSameMoment(
      database,
      { table: 'quiz_attempts', operation: 'insert' },
      [
        () => openAttempt(database.db, student.id, QUIZ),
        () => openAttempt(database.db, student.id, QUIZ),
      ],
    );
    expect(opened[0]).toEqual(opened[1]);
    expect(await attemptRows(student)).toHaveLength(1);
  });

  it('opens anew when the quiz changed since the open attempt was made', async () => {
    const student = await insertUser(database.db);
    const stale = await openAttempt(database.db, student.id, QUIZ);
    await database.db
      .updateTable('quiz_attempts')
      .set({ option_order: JSON.stringify({ removed: ['a', 'b'] }) })
      .where('id', '=', stale.id)
      .execute();
    const fresh = await openAttempt(database.db, student.id, QUIZ);
    expect(fresh.id).not.toBe(stale.id);
    expect(await attemptRows(student)).toHaveLength(1);
  });
});

describe('submitAttempt', () => {
  it('grades on the server and stores the answers, the score and the time once', async () => {
    const student = await insertUser(database.db);
    const { attempt, result } = await takeQuiz(student, 5);
    expect(result).toEqual({ outcome: 'graded', attemptId: attempt.id, passed: false });
    const [row] = await attemptRows(student);
    expect(row).toMatchObject({
      correct: 5,
      total: questions.length,
      submitted_at: at(1).toISOString(),
    });
    const stored = JSON.parse(row!.answers!) as Record<string, string[]>;
    expect(Object.keys(stored).sort()).toEqual(questions.map((q) => q.id).sort());
  });

  it('stores a replayed submit once and answers it with the first result', async () => {
    const student = await insertUser(database.db);
    const { attempt, answers } = await takeQuiz(student, questions.length);
    const replay = await submitAttempt(database.db, {
      userId: student.id,
      quizId: QUIZ,
      attemptId: attempt.id,
      // A replay with other answers changes nothing either.
      answers: { ...answers, [answerField(questions[0]!.id)]: '0' },
    });
    expect(replay).toEqual({ outcome: 'graded-already', attemptId: attempt.id, passed: true });
    const rows = await attemptRows(student);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.correct).toBe(questions.length);
  });

  it('grades an attempt sent twice at the same moment once', async () => {
    const student = await insertUser(database.db);
    const attempt = await openAttempt(database.db, student.id, QUIZ);
    const send = (right: number) => () =>
      submitAttempt(database.db, {
        userId: student.id,
        quizId: QUIZ,
        attemptId: attempt.id,
        answers: answerFields(questions, attempt.order, right),
      });
    const results = await atTheSameMoment(
      database,
      { table: 'quiz_attempts', operation: 'update' },
      [send(2), send(questions.length)],
    );
    expect(results.map((result) => result.outcome).sort()).toEqual(['graded', 'graded-already']);
    const rows = await attemptRows(student);
    expect(rows).toHaveLength(1);
    const winner = results.find((result) => result.outcome === 'graded')!;
    const loser = results.find((result) => result.outcome === 'graded-already')!;
    expect(loser).toEqual(winner.outcome === 'graded' && { ...winner, outcome: 'graded-already' });
  });

  it('refuses someone else’s attempt, an unknown one and one of another quiz, storing nothing', async () => {
    const owner = await insertUser(database.db);
    const intruder = await insertUser(database.db);
    const attempt = await openAttempt(database.db, owner.id, QUIZ);
    const answers = answerFields(questions, attempt.order, questions.length);
    const submit = (userId: string, quizId: 'javascript' | 'react', attemptId: string) =>
      submitAttempt(database.db, { userId, quizId, attemptId, answers });
    expect(await submit(intruder.id, QUIZ, attempt.id)).toEqual({ outcome: 'not-yours' });
    expect(await submit(owner.id, QUIZ, 'qza_unknown')).toEqual({ outcome: 'unknown-attempt' });
    expect(await submit(owner.id, 'react', attempt.id)).toEqual({
      outcome: 'refused',
      message: 'This attempt belongs to another quiz.',
    });
    const [row] = await attemptRows(owner);
    expect(row).toMatchObject({ submitted_at: null, answers: null, correct: null });
    expect(await attemptRows(intruder)).toHaveLength(0);
  });

  it('refuses answers its form could not send, and the attempt stays open', async () => {
    const student = await insertUser(database.db);
    const attempt = await openAttempt(database.db, student.id, QUIZ);
    const [first] = questions;
    const result = await submitAttempt(database.db, {
      userId: student.id,
      quizId: QUIZ,
      attemptId: attempt.id,
      answers: { [answerField(first!.id)]: String(first!.options.length) },
    });
    expect(result).toEqual({
      outcome: 'refused',
      message: 'An answer is not one of its question’s options.',
    });
    expect((await attemptRows(student))[0]!.submitted_at).toBeNull();
    expect((await openAttempt(database.db, student.id, QUIZ)).id).toBe(attempt.id);
  });
});

describe('attempts in a row', () => {
  const rowsOf = async (user: User) =>
    (await attemptRows(user)).map((row) => ({ correct: row.correct, submitted: row.submitted_at }));

  it('lets a student make 3 attempts in a row, then the next waits 10 minutes and an early one changes nothing', async () => {
    const student = await insertUser(database.db);
    for (const minute of [0, 2, 4]) {
      expect((await takeQuiz(student, 1, minute)).result.outcome).toBe('graded');
    }
    const rule = await quizAttemptRule(database.db);
    expect(rule).toEqual({ inARow: 3, waitMinutes: 10 });
    const graded = await gradedAttemptsOf(database.db, student.id, QUIZ);
    // The third was submitted at minute 5: the fourth opens at minute 15.
    expect(nextAttemptAt(graded, rule, at(6))).toBe(at(15).toISOString());
    expect(nextAttemptAt(graded, rule, at(15))).toBeNull();

    const fourth = await openAttempt(database.db, student.id, QUIZ, at(6));
    const before = await rowsOf(student);
    const early = await submitAttempt(
      database.db,
      {
        userId: student.id,
        quizId: QUIZ,
        attemptId: fourth.id,
        answers: answerFields(questions, fourth.order, questions.length),
      },
      at(14),
    );
    expect(early).toEqual({ outcome: 'wait', opensAt: at(15).toISOString(), rule });
    expect(await rowsOf(student)).toEqual(before);
    const onTime = await submitAttempt(
      database.db,
      {
        userId: student.id,
        quizId: QUIZ,
        attemptId: fourth.id,
        answers: answerFields(questions, fourth.order, questions.length),
      },
      at(15),
    );
    expect(onTime).toMatchObject({ outcome: 'graded', passed: true });
  });

  it('counts attempts apart by the wait as separate runs', async () => {
    const rule = { inARow: 3, waitMinutes: 10 };
    const attempt = (minute: number) => ({
      id: `qza_${minute}`,
      correct: 1,
      total: 2,
      submittedAt: at(minute).toISOString(),
    });
    // Newest first: two at 30 and 35 after a wait, so the run is two long.
    expect(
      nextAttemptAt([attempt(35), attempt(30), attempt(12), attempt(11)], rule, at(36)),
    ).toBeNull();
    expect(nextAttemptAt([attempt(35), attempt(30), attempt(25)], rule, at(36))).toBe(
      at(45).toISOString(),
    );
    expect(nextAttemptAt([], rule, at(0))).toBeNull();
  });

  it('follows the numbers an admin sets', async () => {
    await saveSettings(database.db, {
      values: { quizAttemptsInARow: 1, quizWaitMinutes: 30 },
      admin,
    });
    try {
      const student = await insertUser(database.db);
      await takeQuiz(student, 1, 40);
      const rule = await quizAttemptRule(database.db);
      expect(rule).toEqual({ inARow: 1, waitMinutes: 30 });
      const graded = await gradedAttemptsOf(database.db, student.id, QUIZ);
      expect(nextAttemptAt(graded, rule, at(42))).toBe(at(71).toISOString());
    } finally {
      await saveSettings(database.db, {
        values: { quizAttemptsInARow: 3, quizWaitMinutes: 10 },
        admin,
      });
    }
  });
});

describe('standings and history', () => {
  it('counts the best attempt: failed once, passed on a retry, then a worse one', async () => {
    const student = await insertUser(database.db);
    const pass = passingCount(questions.length);
    await takeQuiz(student, pass - 1, 0);
    const { attempt: passed } = await takeQuiz(student, pass, 10);
    await takeQuiz(student, 1, 20);
    const standings = await quizStandingsOf(database.db, student.id);
    expect(standings.map((standing) => standing.quizId)).toEqual([
      'html-css',
      'javascript',
      'react',
    ]);
    expect(standings[1]).toEqual({
      quizId: QUIZ,
      attempts: 3,
      first: { correct: pass - 1, total: questions.length },
      best: { correct: pass, total: questions.length },
      passed: true,
      lastAt: at(21).toISOString(),
    });
    expect(standings[0]).toMatchObject({
      attempts: 0,
      first: null,
      best: null,
      passed: false,
      lastAt: null,
    });
    const attempts = await gradedAttemptsOf(database.db, student.id, QUIZ);
    expect(attempts.map((attempt) => attempt.correct)).toEqual([1, pass, pass - 1]);
    const result = await gradedAttemptResult(database.db, student.id, QUIZ, passed.id);
    expect(result?.corrections.filter((correction) => correction.right)).toHaveLength(pass);
    expect(result?.corrections[0]).toMatchObject({
      answered: true,
      explanation: questions[0]!.explanation,
    });
  });

  it('hands over no key for a blank attempt: every question says "not answered"', async () => {
    const student = await insertUser(database.db);
    const attempt = await openAttempt(database.db, student.id, QUIZ);
    const blank = await submitAttempt(database.db, {
      userId: student.id,
      quizId: QUIZ,
      attemptId: attempt.id,
      answers: {},
    });
    expect(blank).toMatchObject({ outcome: 'graded', passed: false });
    const result = await gradedAttemptResult(database.db, student.id, QUIZ, attempt.id);
    expect(result?.correct).toBe(0);
    expect(result?.corrections).toHaveLength(questions.length);
    expect(result?.corrections.every((correction) => !correction.answered)).toBe(true);
    const sent = JSON.stringify(result);
    expect(sent).not.toContain('"correct":true');
    for (const question of questions) expect(sent).not.toContain(question.explanation);
  });

  it('shows a result only to its owner, and only once graded', async () => {
    const student = await insertUser(database.db);
    const other = await insertUser(database.db);
    const open = await openAttempt(database.db, student.id, QUIZ);
    expect(await gradedAttemptResult(database.db, student.id, QUIZ, open.id)).toBeUndefined();
    const { attempt } = await takeQuiz(other, 3);
    expect(await gradedAttemptResult(database.db, student.id, QUIZ, attempt.id)).toBeUndefined();
    expect(await gradedAttemptResult(database.db, other.id, QUIZ, attempt.id)).toBeDefined();
  });

  it('writes each graded attempt in the person’s history', async () => {
    const student = await insertUser(database.db);
    await takeQuiz(student, questions.length, 30);
    const timeline = timelineOf({
      user: student,
      quizAttempts: await gradedQuizAttemptsOf(database.db, student.id),
    });
    expect(timeline[0]).toEqual({
      at: at(31).toISOString(),
      kind: 'quiz',
      text: `JavaScript Quiz: ${questions.length} of ${questions.length}, 100 %, passed`,
    });
  });
});
