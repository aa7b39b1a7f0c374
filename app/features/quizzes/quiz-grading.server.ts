import { randomInt } from 'node:crypto';
import type { QuizQuestion } from '~/content/quiz-question.types';
import {
  ANSWER_FIELD_PREFIX,
  QUIZ_MESSAGES,
  type Correction,
  type PaperQuestion,
  type Score,
} from './quiz';

/**
 * A quiz's grading, apart from storage: the options' order of an attempt, the paper the
 * form shows, the score of what was sent, and the corrections. Server-only: it reads the key.
 */

/** Question id to option ids, in the order an attempt shows them. */
export type OptionOrder = Record<string, string[]>;

/** Question id to the option ids chosen ([] when left unanswered). */
export type Answers = Record<string, string[]>;

/** Every question's options shuffled (Fisher-Yates on the CSPRNG), questions as authored. */
export function shuffledOrder(questions: readonly QuizQuestion[]): OptionOrder {
  const order: OptionOrder = {};
  for (const question of questions) {
    const ids = question.options.map((option) => option.id);
    for (let i = ids.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    order[question.id] = ids;
  }
  return order;
}

/**
 * Whether a stored order still fits the quiz: the same questions with the same options. A
 * quiz edited after an attempt was opened gets a new order instead of a wrong grade.
 */
export function orderFits(questions: readonly QuizQuestion[], order: OptionOrder): boolean {
  if (Object.keys(order).length !== questions.length) return false;
  return questions.every((question) => {
    const shown = order[question.id];
    const ids = question.options.map((option) => option.id);
    return (
      shown !== undefined &&
      shown.length === ids.length &&
      [...shown].sort().join('\n') === [...ids].sort().join('\n')
    );
  });
}

/** The questions as the form shows them: no `correct`, no option id, only positions. */
export function paperOf(questions: readonly QuizQuestion[], order: OptionOrder): PaperQuestion[] {
  return questions.map((question) => ({
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    ...(question.code !== undefined && { code: question.code }),
    options: (order[question.id] ?? []).map((optionId, position) => ({
      value: String(position),
      text: question.options.find((option) => option.id === optionId)!.text,
    })),
  }));
}

export type Grading = { ok: true; answers: Answers; score: Score } | { ok: false; error: string };

/**
 * Grades the answer fields of a form (`answer.{question id}` to positions) against the
 * attempt's order. Anything the form could not have sent is refused, so nothing is stored: a
 * question not in the attempt, a position that is not one of the question's options, an
 * answer given twice. A question left unanswered is wrong. A "select all that apply" question
 * is right only with exactly its correct options.
 */
export function gradeAnswers(
  questions: readonly QuizQuestion[],
  order: OptionOrder,
  fields: Record<string, string | string[]>,
): Grading {
  const answers: Answers = Object.fromEntries(questions.map((question) => [question.id, []]));
  for (const [name, sent] of Object.entries(fields)) {
    const questionId = name.startsWith(ANSWER_FIELD_PREFIX)
      ? name.slice(ANSWER_FIELD_PREFIX.length)
      : undefined;
    const question = questions.find((candidate) => candidate.id === questionId);
    const shown = question && order[question.id];
    if (!question || !shown) return { ok: false, error: QUIZ_MESSAGES.unknownQuestion };
    const positions = Array.isArray(sent) ? sent : [sent];
    const oneAnswerOnly = question.kind !== 'multiple';
    if (new Set(positions).size !== positions.length || (oneAnswerOnly && positions.length > 1)) {
      return { ok: false, error: QUIZ_MESSAGES.answeredTwice };
    }
    const chosen: string[] = [];
    for (const position of positions) {
      const optionId = /^\d{1,2}$/.test(position) ? shown[Number(position)] : undefined;
      if (!optionId) return { ok: false, error: QUIZ_MESSAGES.unknownOption };
      chosen.push(optionId);
    }
    answers[question.id] = chosen;
  }
  const correct = questions.filter((question) => isRight(question, answers[question.id]!)).length;
  return { ok: true, answers, score: { correct, total: questions.length } };
}

function isRight(question: QuizQuestion, chosen: readonly string[]): boolean {
  const key = question.options.filter((option) => option.correct).map((option) => option.id);
  return chosen.length === key.length && key.every((id) => chosen.includes(id));
}

/**
 * Each question of a graded attempt: its options as they were shown, chosen and correct, and
 * why; a question left unanswered only its options.
 */
export function correctionsOf(
  questions: readonly QuizQuestion[],
  order: OptionOrder,
  answers: Answers,
): Correction[] {
  // A question added to the quiz after this attempt was not part of it.
  return questions
    .filter((question) => answers[question.id] !== undefined)
    .map((question): Correction => {
      const chosen = answers[question.id]!;
      const shown = (order[question.id] ?? question.options.map((option) => option.id)).flatMap(
        (optionId) => question.options.find((candidate) => candidate.id === optionId) ?? [],
      );
      const asked = {
        id: question.id,
        kind: question.kind,
        prompt: question.prompt,
        ...(question.code !== undefined && { code: question.code }),
      };
      // Left unanswered: its options, but not which is right nor why (decision 065).
      if (chosen.length === 0) {
        return {
          ...asked,
          answered: false,
          right: false,
          options: shown.map((option) => ({ text: option.text })),
        };
      }
      return {
        ...asked,
        answered: true,
        options: shown.map((option) => ({
          text: option.text,
          chosen: chosen.includes(option.id),
          correct: option.correct,
        })),
        right: isRight(question, chosen),
        explanation: question.explanation,
      };
    });
}
