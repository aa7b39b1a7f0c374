import type { QuizQuestion } from '../../app/content/quiz-question.types';
import { answerField } from '../../app/features/quizzes/quiz';

/** Question id to option ids, in the order an attempt shows them. */
type OptionOrder = Record<string, string[]>;

/** The ids of a question's options that the key marks right, or one that is wrong. */
export function chosenOptions(question: QuizQuestion, right: boolean): string[] {
  const options = question.options.filter((option) => option.correct === right);
  return right ? options.map((option) => option.id) : [options[0]!.id];
}

/**
 * The answer fields a student would send for an attempt shown in `order`: the first `right`
 * questions answered by the key, every other one with a wrong option.
 */
export function answerFields(
  questions: readonly QuizQuestion[],
  order: OptionOrder,
  right: number,
): Record<string, string | string[]> {
  return Object.fromEntries(
    questions.map((question, index) => {
      const positions = chosenOptions(question, index < right).map((id) =>
        String(order[question.id]!.indexOf(id)),
      );
      return [answerField(question.id), positions.length === 1 ? positions[0]! : positions];
    }),
  );
}

/** How many right answers a quiz of `total` questions needs to pass (70 %), and to fail. */
export function passingCount(total: number): number {
  return Math.ceil((total * 70) / 100);
}
