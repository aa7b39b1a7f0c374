import type { QuizQuestion } from '../quiz-question.types';

/**
 * The JavaScript quiz (Step 5): variables and scope, equality and truthiness, functions,
 * arrow functions and `this`, array methods (including ES2023's `toSorted` and `findLast`),
 * spread and destructuring, closures, errors, the event loop, `async`/`await`, modules and
 * the DOM basics, in the order javascript.info teaches them.
 */
export const JAVASCRIPT_QUESTIONS: readonly QuizQuestion[] = [
  {
    id: 'block-scope',
    kind: 'code',
    prompt: 'What does this print?',
    code: `if (true) {
  var a = 1;
  let b = 2;
}
console.log(typeof a, typeof b);`,
    options: [
      {
        id: 'reference-error',
        text: 'It throws `ReferenceError: b is not defined`',
        correct: false,
      },
      { id: 'number-undefined', text: '`number undefined`', correct: true },
      { id: 'number-number', text: '`number number`', correct: false },
      { id: 'undefined-undefined', text: '`undefined undefined`', correct: false },
    ],
    explanation:
      '`var` belongs to the whole function or script, so `a` lives on after the block, while `let` belongs to the block, so `b` does not exist outside it. `typeof` on a name that does not exist gives `undefined` instead of throwing.',
  },
  {
    id: 'const-arrays',
    kind: 'single',
    prompt: "After `const colours = ['red'];`, which statement is true?",
    options: [
      {
        id: 'both-throw',
        text: "Both `colours.push('blue')` and `colours = ['blue']` throw a `TypeError`",
        correct: false,
      },
      {
        id: 'both-work',
        text: 'Both work, because `const` only protects numbers and strings',
        correct: false,
      },
      {
        id: 'push-works',
        text: "`colours.push('blue')` works, but `colours = ['blue']` throws a `TypeError`",
        correct: true,
      },
      {
        id: 'push-throws',
        text: "`colours.push('blue')` throws a `TypeError`, but `colours = ['blue']` works",
        correct: false,
      },
    ],
    explanation:
      '`const` stops the variable from being assigned a new value, but the array it points to can still be changed. Assigning to a `const` again throws `TypeError: Assignment to constant variable.`',
  },
  {
    id: 'strict-equality',
    kind: 'single',
    prompt: "`0 == ''` is `true`. What is `0 === ''`, and why?",
    options: [
      { id: 'true-falsy', text: '`true`, because both values are falsy', correct: false },
      {
        id: 'true-converted',
        text: "`true`, because `''` is converted to `0` first",
        correct: false,
      },
      {
        id: 'false-no-conversion',
        text: '`false`, because `===` never converts types, and a number is never strictly equal to a string',
        correct: true,
      },
      {
        id: 'type-error',
        text: 'It throws a `TypeError`, because the types differ',
        correct: false,
      },
    ],
    explanation:
      "`==` converts both sides to a common type before comparing (`''` becomes `0`), while `===` compares type and value without any conversion. That is why `===` is the safer default.",
  },
  {
    id: 'falsy-values',
    kind: 'multiple',
    prompt:
      'Which of these values are falsy, so that `if (value) { ... }` skips its block? Select all that apply.',
    options: [
      { id: 'zero', text: '`0`', correct: true },
      { id: 'zero-string', text: "`'0'`", correct: false },
      { id: 'empty-string', text: "`''`", correct: true },
      { id: 'empty-array', text: '`[]`', correct: false },
      { id: 'nan', text: '`NaN`', correct: true },
    ],
    explanation:
      "The falsy values you will meet are `false`, `0`, `-0`, `0n`, `''`, `null`, `undefined` and `NaN`. Everything else is truthy, including the string `'0'` and an empty array or object.",
  },
  {
    id: 'functions-and-this',
    kind: 'multiple',
    prompt:
      'Which statements about functions, arrow functions and `this` are true? Select all that apply.',
    options: [
      {
        id: 'block-body-returns',
        text: 'An arrow function whose body is in curly braces returns its last expression automatically',
        correct: false,
      },
      {
        id: 'implicit-return',
        text: '`const double = (n) => n * 2;` returns `n * 2` without a `return` keyword',
        correct: true,
      },
      {
        id: 'called-early',
        text: 'An arrow function stored in a `const` can be called before the line that defines it has run, like a function declaration',
        correct: false,
      },
      {
        id: 'method-this',
        text: 'When a regular function is called as `user.greet()`, `this` inside it is `user`',
        correct: true,
      },
      {
        id: 'arrow-this',
        text: 'An arrow function has no `this` of its own: it uses the `this` of the code around it',
        correct: true,
      },
    ],
    explanation:
      'An arrow function with an expression body returns that expression and takes `this` from the surrounding code, while a regular function called as `user.greet()` gets `user` as `this`. A body in braces needs an explicit `return`, and a `const` cannot be read before its line has run.',
  },
  {
    id: 'array-chain',
    kind: 'code',
    prompt: 'What does this print?',
    code: `const prices = [5, 12, 8, 20];
const total = prices
  .filter((price) => price > 6)
  .map((price) => price * 2)
  .reduce((sum, price) => sum + price, 0);
console.log(total);`,
    options: [
      { id: 'forty', text: '`40`', correct: false },
      { id: 'eighty', text: '`80`', correct: true },
      { id: 'ninety', text: '`90`', correct: false },
      { id: 'array', text: '`[24, 16, 40]`', correct: false },
    ],
    explanation:
      '`filter` keeps `12`, `8` and `20`, `map` doubles them to `24`, `16` and `40`, and `reduce` adds those up starting from `0`. Each method hands its result to the next one in the chain.',
  },
  {
    id: 'copying-array-methods',
    kind: 'multiple',
    prompt:
      'After `const nums = [3, 1, 2];`, which of these calls leave `nums` unchanged? Select all that apply.',
    options: [
      { id: 'sort', text: '`nums.sort()`', correct: false },
      { id: 'to-sorted', text: '`nums.toSorted()`', correct: true },
      { id: 'find-last', text: '`nums.findLast((n) => n > 1)`', correct: true },
      { id: 'reverse', text: '`nums.reverse()`', correct: false },
      { id: 'map', text: '`nums.map((n) => n * 2)`', correct: true },
    ],
    explanation:
      '`toSorted` (ES2023) returns a sorted copy, `findLast` returns the last matching element (`2` here) and `map` returns a new array, so none of them change `nums`. `sort` and `reverse` rearrange the array in place.',
  },
  {
    id: 'spread-and-rest',
    kind: 'code',
    prompt: 'What does this print?',
    code: `const user = { name: 'Ada', role: 'student', city: 'Leeds' };
const updated = { ...user, role: 'mentor' };
const { name, ...rest } = updated;
console.log(name, rest.role, user.role);`,
    options: [
      { id: 'mentor-mentor', text: '`Ada mentor mentor`', correct: false },
      { id: 'student-student', text: '`Ada student student`', correct: false },
      { id: 'mentor-student', text: '`Ada mentor student`', correct: true },
      { id: 'no-name', text: '`undefined mentor student`', correct: false },
    ],
    explanation:
      "`{ ...user, role: 'mentor' }` copies `user` into a new object and the later `role` replaces the copied one, leaving `user` itself unchanged. Destructuring then takes `name` out and gathers the remaining properties, `role` included, into `rest`.",
  },
  {
    id: 'counter-closure',
    kind: 'code',
    prompt: 'What does this print?',
    code: `function makeCounter() {
  let count = 0;
  return () => {
    count += 1;
    return count;
  };
}
const a = makeCounter();
const b = makeCounter();
a();
a();
console.log(a(), b());`,
    options: [
      { id: 'one-one', text: '`1 1`', correct: false },
      { id: 'three-four', text: '`3 4`', correct: false },
      { id: 'two-one', text: '`2 1`', correct: false },
      { id: 'three-one', text: '`3 1`', correct: true },
    ],
    explanation:
      'Each call to `makeCounter` creates a new `count`, and the arrow function it returns keeps that variable alive after `makeCounter` has finished. `a` reaches `3` on its third call, while `b` has its own `count` and returns `1`.',
  },
  {
    id: 'try-catch-finally',
    kind: 'code',
    prompt: 'What does this print?',
    code: `const log = [];
try {
  log.push('start');
  JSON.parse('{oops}');
  log.push('parsed');
} catch (error) {
  log.push(error.name);
} finally {
  log.push('done');
}
console.log(log.join(' '));`,
    options: [
      { id: 'parsed-too', text: '`start parsed SyntaxError done`', correct: false },
      { id: 'caught', text: '`start SyntaxError done`', correct: true },
      { id: 'no-finally', text: '`start SyntaxError`', correct: false },
      { id: 'no-catch', text: '`start parsed done`', correct: false },
    ],
    explanation:
      "`JSON.parse('{oops}')` throws a `SyntaxError`, so the rest of the `try` block is skipped and `catch` runs. `finally` runs afterwards whether or not anything was thrown.",
  },
  {
    id: 'event-loop-order',
    kind: 'code',
    prompt: 'In what order are the letters printed?',
    code: `console.log('A');
setTimeout(() => console.log('B'), 0);
Promise.resolve().then(() => console.log('C'));
console.log('D');`,
    options: [
      { id: 'written-order', text: '`A B C D`', correct: false },
      { id: 'timer-first', text: '`A D B C`', correct: false },
      { id: 'microtask-first', text: '`A D C B`', correct: true },
      { id: 'promise-immediate', text: '`A C D B`', correct: false },
    ],
    explanation:
      'The synchronous code runs first (`A`, `D`), then the promise callback runs as a microtask (`C`) before the timer callback, which waits for a later turn of the event loop (`B`). A `setTimeout` of `0` means as soon as possible after that, not immediately.',
  },
  {
    id: 'async-await',
    kind: 'multiple',
    prompt: 'Which statements about `async` and `await` are true? Select all that apply.',
    options: [
      {
        id: 'returns-promise',
        text: 'An `async` function always returns a promise, even when it returns a plain value',
        correct: true,
      },
      {
        id: 'blocks-page',
        text: '`await` freezes the whole page until the promise settles',
        correct: false,
      },
      {
        id: 'pauses-function',
        text: '`await` pauses only the `async` function it is in, and other code keeps running meanwhile',
        correct: true,
      },
      {
        id: 'any-function',
        text: '`await` can be used inside any function, `async` or not',
        correct: false,
      },
      {
        id: 'try-catch',
        text: 'If an awaited promise rejects, a `try`/`catch` around the `await` catches the error',
        correct: true,
      },
    ],
    explanation:
      'An `async` function wraps its result in a promise, and `await` suspends just that function until the promise settles, throwing the reason if it rejects so that `try`/`catch` can handle it. `await` is allowed only inside `async` functions and at the top level of a module.',
  },
  {
    id: 'default-and-named-imports',
    kind: 'single',
    prompt:
      '`math.js` contains `export default function add(a, b) { return a + b; }` and `export const PI = 3.14;`. Which line in another module imports both?',
    options: [
      { id: 'braces-both', text: "`import { add, PI } from './math.js';`", correct: false },
      { id: 'no-braces', text: "`import add, PI from './math.js';`", correct: false },
      {
        id: 'namespace-default',
        text: "`import math from './math.js';`, then `math.add` and `math.PI`",
        correct: false,
      },
      { id: 'default-and-named', text: "`import add, { PI } from './math.js';`", correct: true },
    ],
    explanation:
      'A default export is imported without braces, under any name you choose, and named exports are imported inside braces by their exact names. One statement can do both, with the default import first.',
  },
  {
    id: 'dom-basics',
    kind: 'multiple',
    prompt: 'Which statements about these DOM methods are true? Select all that apply.',
    options: [
      {
        id: 'query-selector',
        text: "`document.querySelector('.card')` returns the first element with the class `card`, or `null` if there is none",
        correct: true,
      },
      {
        id: 'node-list-map',
        text: "`document.querySelectorAll('li')` returns an array, so you can call `.map()` on it directly",
        correct: false,
      },
      {
        id: 'text-content',
        text: "`el.textContent = '<b>Hi</b>'` shows the characters `<b>Hi</b>` on the page, not bold text",
        correct: true,
      },
      {
        id: 'handler-called',
        text: "`button.addEventListener('click', showMenu())` runs `showMenu` every time the button is clicked",
        correct: false,
      },
      {
        id: 'handler-passed',
        text: "`button.addEventListener('click', showMenu)` runs `showMenu` every time the button is clicked",
        correct: true,
      },
    ],
    explanation:
      '`querySelectorAll` returns a `NodeList`, which has `forEach` but not `map` (use `Array.from` first), and `textContent` sets plain text, never HTML. Pass the function itself to `addEventListener`: writing `showMenu()` calls it once straight away and passes its return value instead.',
  },
];
