import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from './quiz-question.types';
import { QUIZ_QUESTIONS } from './quiz-questions.server';
import { QUIZ_IDS } from './quizzes';

/** What each kind promises the student: how many options are right, and whether code is shown. */
function keepsItsKind(question: QuizQuestion) {
  const correct = question.options.filter((option) => option.correct).length;
  switch (question.kind) {
    case 'single':
      return correct === 1 && question.code === undefined;
    case 'multiple':
      return correct >= 2 && correct < question.options.length && question.code === undefined;
    case 'code':
      return correct === 1 && (question.code?.trim().length ?? 0) > 0;
  }
}

describe.each(QUIZ_IDS)('the %s quiz', (quizId) => {
  const questions = QUIZ_QUESTIONS[quizId];

  it('has 12 to 15 questions with unique ids, and every kind', () => {
    expect(questions.length).toBeGreaterThanOrEqual(12);
    expect(questions.length).toBeLessThanOrEqual(15);
    expect(new Set(questions.map((question) => question.id)).size).toBe(questions.length);
    expect(new Set(questions.map((question) => question.kind))).toEqual(
      new Set(['single', 'multiple', 'code']),
    );
  });

  it.each(questions.map((question) => [question.id, question] as const))(
    '%s is exactly its declared kind, with an explanation and no duplicate options',
    (_id, question) => {
      expect(keepsItsKind(question)).toBe(true);
      expect(question.options.length).toBeGreaterThanOrEqual(3);
      expect(question.options.length).toBeLessThanOrEqual(6);
      expect(question.options.some((option) => option.correct)).toBe(true);
      expect(new Set(question.options.map((option) => option.id)).size).toBe(
        question.options.length,
      );
      const texts = question.options.map((option) => option.text.trim().toLowerCase());
      expect(new Set(texts).size).toBe(texts.length);
      expect(question.prompt.trim()).not.toBe('');
      expect(question.explanation.trim().length).toBeGreaterThan(20);
      // One or two sentences, as the issue asks.
      expect(question.explanation.split(/(?<=[.!?])\s+(?=[A-Z])/).length).toBeLessThanOrEqual(2);
    },
  );
});
