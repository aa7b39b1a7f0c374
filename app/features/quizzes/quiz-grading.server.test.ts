import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '~/content/quiz-question.types';
import { answerField, hasPassed, percentOf, scoreLine } from './quiz';
import {
  correctionsOf,
  gradeAnswers,
  orderFits,
  paperOf,
  shuffledOrder,
  type OptionOrder,
} from './quiz-grading.server';

const QUESTIONS: QuizQuestion[] = [
  {
    id: 'landmark',
    kind: 'single',
    prompt: 'Which element is the page’s main navigation?',
    options: [
      { id: 'div', text: '`<div>`', correct: false },
      { id: 'nav', text: '`<nav>`', correct: true },
      { id: 'menu', text: '`<menu>`', correct: false },
    ],
    explanation: 'The `<nav>` element marks a section of navigation links.',
  },
  {
    id: 'falsy',
    kind: 'multiple',
    prompt: 'Which values are falsy? Select all that apply.',
    options: [
      { id: 'zero', text: '`0`', correct: true },
      { id: 'empty', text: '`""`', correct: true },
      { id: 'array', text: '`[]`', correct: false },
      { id: 'null', text: '`null`', correct: true },
    ],
    explanation: 'An empty array is an object, and every object is truthy.',
  },
  {
    id: 'print',
    kind: 'code',
    prompt: 'What does this print?',
    code: 'console.log(typeof null);',
    options: [
      { id: 'object', text: '`object`', correct: true },
      { id: 'null', text: '`null`', correct: false },
      { id: 'undefined', text: '`undefined`', correct: false },
    ],
    explanation: 'A historical quirk of JavaScript: `typeof null` is `"object"`.',
  },
];

/** A fixed order, so positions are known: options reversed. */
const ORDER: OptionOrder = Object.fromEntries(
  QUESTIONS.map((question) => [question.id, question.options.map((o) => o.id).reverse()]),
);

const position = (questionId: string, optionId: string) =>
  String(ORDER[questionId]!.indexOf(optionId));

describe('shuffledOrder and orderFits', () => {
  it('shows every option of every question once, and fits the quiz it was made for', () => {
    const order = shuffledOrder(QUESTIONS);
    for (const question of QUESTIONS) {
      expect([...order[question.id]!].sort()).toEqual(question.options.map((o) => o.id).sort());
    }
    expect(orderFits(QUESTIONS, order)).toBe(true);
  });

  it('shuffles: over many attempts each option is shown first', () => {
    const firsts = new Set(Array.from({ length: 200 }, () => shuffledOrder(QUESTIONS).falsy![0]));
    expect(firsts).toEqual(new Set(['zero', 'empty', 'array', 'null']));
  });

  it('does not fit a quiz whose questions or options changed', () => {
    expect(orderFits(QUESTIONS.slice(1), ORDER)).toBe(false);
    expect(orderFits(QUESTIONS, { ...ORDER, landmark: ['div', 'nav', 'header'] })).toBe(false);
  });
});

describe('paperOf', () => {
  it('holds the questions in the attempt’s order, without the key or the option ids', () => {
    const paper = paperOf(QUESTIONS, ORDER);
    expect(paper[0]!.options).toEqual([
      { value: '0', text: '`<menu>`' },
      { value: '1', text: '`<nav>`' },
      { value: '2', text: '`<div>`' },
    ]);
    expect(paper[2]!.code).toBe('console.log(typeof null);');
    const sent = JSON.stringify(paper);
    expect(sent).not.toContain('correct');
    expect(sent).not.toContain('explanation');
    expect(sent).not.toContain('historical quirk');
  });
});

describe('gradeAnswers', () => {
  it('grades the key as right, a partial "select all" as wrong, and a blank as wrong', () => {
    const graded = gradeAnswers(QUESTIONS, ORDER, {
      [answerField('landmark')]: position('landmark', 'nav'),
      [answerField('falsy')]: [position('falsy', 'zero'), position('falsy', 'empty')],
    });
    expect(graded).toEqual({
      ok: true,
      answers: { landmark: ['nav'], falsy: ['zero', 'empty'], print: [] },
      score: { correct: 1, total: 3 },
    });
  });

  it('grades "select all that apply" right only with exactly its correct options', () => {
    const all = ['zero', 'empty', 'null'].map((id) => position('falsy', id));
    const right = gradeAnswers(QUESTIONS, ORDER, { [answerField('falsy')]: all });
    const tooMany = gradeAnswers(QUESTIONS, ORDER, {
      [answerField('falsy')]: [...all, position('falsy', 'array')],
    });
    expect(right.ok && right.score.correct).toBe(1);
    expect(tooMany.ok && tooMany.score.correct).toBe(0);
  });

  it.each([
    ['a question not in the attempt', { [answerField('other')]: '0' }, 'not in this attempt'],
    ['a field that is no answer', { note: 'hello' }, 'not in this attempt'],
    ['a position past the options', { [answerField('landmark')]: '3' }, 'not one of'],
    ['a position that is no number', { [answerField('landmark')]: 'nav' }, 'not one of'],
    ['a negative position', { [answerField('landmark')]: '-1' }, 'not one of'],
    ['two answers to a one-answer question', { [answerField('print')]: ['0', '1'] }, 'twice'],
    ['the same option twice', { [answerField('falsy')]: ['1', '1'] }, 'twice'],
  ])('refuses %s', (_what, fields, message) => {
    const graded = gradeAnswers(QUESTIONS, ORDER, fields);
    expect(graded.ok).toBe(false);
    expect(!graded.ok && graded.error).toContain(message);
  });
});

describe('correctionsOf', () => {
  it('gives each question its options as shown, what was chosen, the key and why', () => {
    const [landmark] = correctionsOf(QUESTIONS, ORDER, {
      landmark: ['div'],
      falsy: [],
      print: ['object'],
    });
    expect(landmark).toMatchObject({
      id: 'landmark',
      right: false,
      explanation: 'The `<nav>` element marks a section of navigation links.',
      options: [
        { text: '`<menu>`', chosen: false, correct: false },
        { text: '`<nav>`', chosen: false, correct: true },
        { text: '`<div>`', chosen: true, correct: false },
      ],
    });
  });

  it('gives a question left unanswered neither its key nor why: it says "not answered"', () => {
    const corrections = correctionsOf(QUESTIONS, ORDER, { landmark: [], falsy: [], print: [] });
    expect(corrections.map((correction) => correction.answered)).toEqual([false, false, false]);
    expect(corrections[0]).toEqual({
      id: 'landmark',
      kind: 'single',
      prompt: 'Which element is the page’s main navigation?',
      answered: false,
      right: false,
      options: [{ text: '`<menu>`' }, { text: '`<nav>`' }, { text: '`<div>`' }],
    });
    const sent = JSON.stringify(corrections);
    expect(sent).not.toContain('"correct"');
    for (const question of QUESTIONS) expect(sent).not.toContain(question.explanation);
  });
});

describe('scores', () => {
  it('passes at 70 % of the answers right, on the exact share', () => {
    expect(hasPassed({ correct: 7, total: 10 })).toBe(true);
    expect(hasPassed({ correct: 9, total: 13 })).toBe(false); // 69.2 %
    expect(hasPassed({ correct: 10, total: 14 })).toBe(true); // 71.4 %
    expect(hasPassed({ correct: 0, total: 0 })).toBe(false);
  });

  it('reads "11 of 14, 79 %"', () => {
    expect(scoreLine({ correct: 11, total: 14 })).toBe('11 of 14, 79 %');
    expect(percentOf({ correct: 2, total: 3 })).toBe(67);
  });
});
