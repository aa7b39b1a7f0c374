import type { QuizQuestion } from '../quiz-question.types';

/**
 * The React quiz (Step 7, React 19), in the order of the react.dev guide the step sends the
 * student to: JSX and components, props, lists and keys, conditional rendering, events, state
 * (queued updates, immutable arrays), controlled inputs, lifting state up, refs, effects and
 * StrictMode, context, and React 19's `ref` prop, `use` and `useActionState`.
 */
export const REACT_QUESTIONS: readonly QuizQuestion[] = [
  {
    id: 'jsx-rules',
    kind: 'multiple',
    prompt: 'Which of these are rules of JSX? Select all that apply.',
    options: [
      {
        id: 'single-root',
        text: 'A component returns one root element, so siblings are wrapped in a parent or a fragment `<>...</>`',
        correct: true,
      },
      {
        id: 'if-in-braces',
        text: 'Curly braces can hold an `if` statement, like `{if (done) { ... }}`',
        correct: false,
      },
      {
        id: 'close-tags',
        text: 'Every tag must be closed, so an image is written `<img />`',
        correct: true,
      },
      {
        id: 'html-spelling',
        text: 'Attributes keep their HTML spelling, like `onclick` and `tabindex`',
        correct: false,
      },
      {
        id: 'class-name',
        text: 'A CSS class is set with `className`, not `class`',
        correct: true,
      },
    ],
    explanation:
      'JSX is stricter than HTML: one root (a fragment adds no element to the page), every tag closed, and camelCase attribute names such as `className`, `onClick` and `tabIndex`. Curly braces hold a JavaScript expression, not a statement, so conditions use `? :` or `&&` instead of `if`.',
  },
  {
    id: 'props-and-children',
    kind: 'code',
    prompt: 'What does `<App />` render?',
    code: `function Card({ title = 'Untitled', children }) {
  return (
    <section>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function App() {
  return <Card><p>{2 + 3} new messages</p></Card>;
}`,
    options: [
      {
        id: 'no-default',
        text: '`<section><h2></h2><p>5 new messages</p></section>`',
        correct: false,
      },
      {
        id: 'no-children',
        text: '`<section><h2>Untitled</h2></section>`',
        correct: false,
      },
      {
        id: 'rendered',
        text: '`<section><h2>Untitled</h2><p>5 new messages</p></section>`',
        correct: true,
      },
      {
        id: 'literal',
        text: '`<section><h2>Untitled</h2><p>2 + 3 new messages</p></section>`',
        correct: false,
      },
    ],
    explanation:
      '`App` passes no `title`, so the default `Untitled` is used, and whatever is nested between `<Card>` and `</Card>` arrives as the `children` prop. The braces in `{2 + 3}` run JavaScript, so the paragraph shows `5`.',
  },
  {
    id: 'list-keys',
    kind: 'single',
    prompt:
      'A component renders `todos.map((todo) => <li>{todo.text}</li>)`, and the user can reorder and delete the todos. What should each `<li>` get as its `key`?',
    options: [
      {
        id: 'random',
        text: '`key={Math.random()}`, so every key is unique',
        correct: false,
      },
      {
        id: 'index',
        text: 'Its position in the array, `key={index}`, because two positions are never the same',
        correct: false,
      },
      {
        id: 'data-id',
        text: 'A stable id from the data, like `key={todo.id}`',
        correct: true,
      },
      {
        id: 'none',
        text: 'Nothing: React matches the items by their text on its own',
        correct: false,
      },
    ],
    explanation:
      'React uses keys to match each item with the same item in the next render, so a key must stay with its item: an id from the data does, while an index moves to another todo when the list is reordered and a random key changes on every render.',
  },
  {
    id: 'and-with-a-number',
    kind: 'code',
    prompt: 'What does `<Inbox messages={[]} />` render?',
    code: `function Inbox({ messages }) {
  return (
    <div>
      {messages.length && <p>You have mail</p>}
    </div>
  );
}`,
    options: [
      { id: 'empty', text: '`<div></div>`', correct: false },
      { id: 'false', text: '`<div>false</div>`', correct: false },
      { id: 'mail', text: '`<div><p>You have mail</p></div>`', correct: false },
      { id: 'zero', text: '`<div>0</div>`', correct: true },
    ],
    explanation:
      'With an empty array `messages.length && ...` evaluates to `0`, and React shows numbers (it skips only `false`, `true`, `null` and `undefined`). Write `messages.length > 0 && ...` to render nothing.',
  },
  {
    id: 'passing-a-handler',
    kind: 'single',
    prompt: 'What is wrong with `<button onClick={save()}>Save</button>`?',
    options: [
      {
        id: 'same',
        text: 'Nothing: it does the same as `onClick={save}`',
        correct: false,
      },
      {
        id: 'lowercase',
        text: 'Event props are lowercase in JSX, so it must be `onclick`',
        correct: false,
      },
      {
        id: 'no-calls',
        text: 'JSX does not allow function calls inside curly braces',
        correct: false,
      },
      {
        id: 'called-on-render',
        text: 'It calls `save` every time the component renders, instead of passing `save` to run on click',
        correct: true,
      },
    ],
    explanation:
      'The braces hold an expression, so `save()` runs during rendering and its return value becomes the handler. Pass the function itself, `onClick={save}`, or wrap the call in an arrow function, `onClick={() => save()}`.',
  },
  {
    id: 'queued-updates',
    kind: 'code',
    prompt: 'The button shows `0`. What does it show after one click?',
    code: `function Counter() {
  const [count, setCount] = useState(0);

  function handleClick() {
    setCount(count + 1);
    setCount(count + 1);
    setCount((c) => c + 1);
  }

  return <button onClick={handleClick}>{count}</button>;
}`,
    options: [
      { id: 'one', text: '`1`', correct: false },
      { id: 'two', text: '`2`', correct: true },
      { id: 'three', text: '`3`', correct: false },
    ],
    explanation:
      'Both `setCount(count + 1)` calls read the `count` of this render, `0`, so each queues "set it to 1"; the updater function `(c) => c + 1` then gets the queued value `1` and returns `2`, which the next render shows.',
  },
  {
    id: 'adding-to-an-array',
    kind: 'multiple',
    prompt:
      'A component has `const [todos, setTodos] = useState([])`. Which of these add `newTodo` so that React re-renders and shows it? Select all that apply.',
    options: [
      { id: 'spread', text: '`setTodos([...todos, newTodo]);`', correct: true },
      { id: 'push', text: '`todos.push(newTodo);`', correct: false },
      {
        id: 'updater',
        text: '`setTodos((previous) => [...previous, newTodo]);`',
        correct: true,
      },
      {
        id: 'push-and-set',
        text: '`todos.push(newTodo); setTodos(todos);`',
        correct: false,
      },
      { id: 'concat', text: '`setTodos(todos.concat(newTodo));`', correct: true },
    ],
    explanation:
      'React re-renders only when the setter gets a different value (compared with `Object.is`), so it needs a new array, which spreading and `concat` make. `push` changes the existing array in place, and `setTodos(todos)` then hands React the same array, so it skips the render.',
  },
  {
    id: 'value-without-onchange',
    kind: 'single',
    prompt:
      "A component has `const [name, setName] = useState('Ada')` and renders `<input value={name} />` with no `onChange`. What happens when the user types in the field?",
    options: [
      {
        id: 'state-updates',
        text: '`name` is updated with what the user types',
        correct: false,
      },
      {
        id: 'stays',
        text: 'The text in the field does not change, because React keeps it equal to `name`',
        correct: true,
      },
      {
        id: 'starting-text',
        text: 'The field works like a plain input, and `name` is only its starting text',
        correct: false,
      },
      {
        id: 'crash',
        text: 'React throws an error and the component disappears',
        correct: false,
      },
    ],
    explanation:
      'A `value` prop makes the input controlled: React keeps showing `name`, which changes only when an `onChange` handler sets the state to `e.target.value`, and in development it warns in the console that the field is read-only. For a field with just a starting text, use `defaultValue` instead.',
  },
  {
    id: 'sharing-state',
    kind: 'single',
    prompt:
      'Two sibling components, `SearchBox` and `ResultList`, both need the current search text. Where should that state live?',
    options: [
      {
        id: 'both-synced',
        text: 'In each of them, kept in step with a `useEffect`',
        correct: false,
      },
      {
        id: 'module-variable',
        text: 'In a variable at the top of the module that both components read',
        correct: false,
      },
      {
        id: 'ref',
        text: 'In `SearchBox`, while `ResultList` reads it through a ref',
        correct: false,
      },
      {
        id: 'common-parent',
        text: 'In their closest common parent, which passes the text and a function to change it down as props',
        correct: true,
      },
    ],
    explanation:
      'This is "lifting state up": the closest common parent owns the state and passes it down as props, so both children always show the same value. A module variable or a ref does not re-render anything when it changes, and two synced copies can disagree.',
  },
  {
    id: 'refs',
    kind: 'multiple',
    prompt: 'Which statements about `useRef` are true? Select all that apply.',
    options: [
      {
        id: 'no-rerender',
        text: 'Changing `ref.current` does not re-render the component',
        correct: true,
      },
      {
        id: 'pair',
        text: '`useRef` returns a pair `[value, setValue]`, like `useState`',
        correct: false,
      },
      {
        id: 'dom-node',
        text: 'Once `<input ref={inputRef} />` is on the page, `inputRef.current` is that `<input>` element',
        correct: true,
      },
      {
        id: 'read-in-render',
        text: 'Reading `ref.current` while rendering is the usual way to show a changing value on screen',
        correct: false,
      },
      {
        id: 'kept',
        text: 'The ref keeps its `current` value from one render to the next',
        correct: true,
      },
    ],
    explanation:
      'A ref is a box, `{ current: ... }`, that React keeps between renders without watching it, so changing it re-renders nothing, and React puts the DOM element in it when you pass it as `ref`. Anything the screen shows belongs in state, not in a ref read during rendering.',
  },
  {
    id: 'effect-dependencies',
    kind: 'multiple',
    prompt: 'Which statements about `useEffect` are true? Select all that apply.',
    options: [
      {
        id: 'no-array-once',
        text: 'An effect with no dependency array runs only once, after the first render',
        correct: false,
      },
      {
        id: 'deps-changed',
        text: 'An effect with the dependencies `[count]` runs after the first render, and again after each render in which `count` changed',
        correct: true,
      },
      {
        id: 'in-if',
        text: '`useEffect` may be called inside an `if` block when the effect is only sometimes needed',
        correct: false,
      },
      {
        id: 'cleanup',
        text: 'The function an effect returns runs before the effect runs again, and when the component is removed',
        correct: true,
      },
      {
        id: 'empty-array',
        text: 'An effect with an empty array `[]` does not run again when the component re-renders',
        correct: true,
      },
    ],
    explanation:
      'The dependency array decides when the effect runs again: no array means after every render, `[]` means only when the component appears, and `[count]` means when `count` changed, with the cleanup running first each time and once more on removal. Like every hook, `useEffect` is called at the top level of the component, never inside a condition.',
  },
  {
    id: 'strict-mode-effect',
    kind: 'code',
    prompt:
      '`Chat` is rendered inside `<StrictMode>`, in development. What does the console show right after `Chat` first appears?',
    code: `function Chat() {
  useEffect(() => {
    console.log('connect');
    return () => console.log('disconnect');
  }, []);

  return <p>Chat</p>;
}`,
    options: [
      { id: 'once', text: '`connect`', correct: false },
      { id: 'twice', text: '`connect`, then `connect`', correct: false },
      {
        id: 'three',
        text: '`connect`, then `disconnect`, then `connect`',
        correct: true,
      },
      { id: 'cleanup-first', text: '`disconnect`, then `connect`', correct: false },
    ],
    explanation:
      'In development StrictMode mounts each new component twice, so its effect runs setup, then cleanup, then setup again, which exposes a missing or wrong cleanup early. In production the effect runs once and logs only `connect`.',
  },
  {
    id: 'context-default',
    kind: 'code',
    prompt: 'What does `<App />` render? (React 19)',
    code: `const ThemeContext = createContext('light');

function Label() {
  const theme = useContext(ThemeContext);
  return <span>{theme}</span>;
}

function App() {
  return (
    <div>
      <ThemeContext value="dark"><Label /></ThemeContext>
      <Label />
    </div>
  );
}`,
    options: [
      { id: 'both-dark', text: '`<div><span>dark</span><span>dark</span></div>`', correct: false },
      {
        id: 'both-light',
        text: '`<div><span>light</span><span>light</span></div>`',
        correct: false,
      },
      {
        id: 'dark-light',
        text: '`<div><span>dark</span><span>light</span></div>`',
        correct: true,
      },
      { id: 'dark-empty', text: '`<div><span>dark</span><span></span></div>`', correct: false },
    ],
    explanation:
      '`useContext` reads the value of the closest provider above the component, and in React 19 the context itself is the provider, `<ThemeContext value="dark">`. The second `Label` has no provider above it, so it gets the default given to `createContext`, `light`.',
  },
  {
    id: 'react-19',
    kind: 'multiple',
    prompt: 'Which of these are true in React 19? Select all that apply.',
    options: [
      {
        id: 'hooks-in-if',
        text: 'Hooks such as `useState` and `useEffect` may now be called inside `if` blocks',
        correct: false,
      },
      {
        id: 'ref-prop',
        text: 'A function component can take `ref` as an ordinary prop, without `forwardRef`',
        correct: true,
      },
      {
        id: 'use-conditional',
        text: '`use` reads a promise or a context, and unlike hooks it may be called inside an `if`',
        correct: true,
      },
      {
        id: 'form-action-server',
        text: '`<form action={fn}>` needs a server framework: in an app without one, React ignores the function',
        correct: false,
      },
      {
        id: 'action-state',
        text: '`useActionState` returns the current state, an action to pass to `<form action>`, and whether that action is pending',
        correct: true,
      },
    ],
    explanation:
      'React 19 passes `ref` to function components as a prop, adds the `use` API, which unlike hooks may be called conditionally, and lets a `<form action>` take a function, which `useActionState` wraps as `[state, formAction, isPending]`. Hooks still must be called at the top level, in the same order on every render.',
  },
];
