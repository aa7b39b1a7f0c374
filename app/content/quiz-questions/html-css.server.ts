import type { QuizQuestion } from '../quiz-question.types';

/**
 * The HTML & CSS quiz (Step 2), in the order MDN's core modules teach it: landmarks and
 * headings, links and images (`alt`), lists and tables, forms (labels, input types,
 * `required`), then selectors and specificity, the cascade and inheritance, the box model
 * (`box-sizing`), units (`rem`), colours, Flexbox, Grid and media queries.
 */
export const HTML_CSS_QUESTIONS: readonly QuizQuestion[] = [
  {
    id: 'semantic-landmarks',
    kind: 'multiple',
    prompt:
      'Which of these elements are landmarks: they tell browsers and screen readers which part of the page they contain, so users can jump straight to it? Select all that apply.',
    options: [
      { id: 'div', text: '`<div>`', correct: false },
      { id: 'nav', text: '`<nav>`', correct: true },
      { id: 'main', text: '`<main>`', correct: true },
      { id: 'span', text: '`<span>`', correct: false },
      { id: 'aside', text: '`<aside>`', correct: true },
    ],
    explanation:
      '`<nav>`, `<main>` and `<aside>` carry the navigation, main and complementary landmark roles, which screen readers list so users can jump between them. `<div>` and `<span>` are generic containers that say nothing about their content.',
  },
  {
    id: 'heading-levels',
    kind: 'single',
    prompt:
      "An article's title is its `<h1>` and each of its sections starts with an `<h2>`. Which element should be the heading of a subsection inside one of those sections?",
    options: [
      { id: 'h1', text: '`<h1>`', correct: false },
      { id: 'h4', text: '`<h4>`', correct: false },
      { id: 'h3', text: '`<h3>`', correct: true },
      { id: 'header', text: '`<header>`', correct: false },
    ],
    explanation:
      'Heading levels describe the outline of the page, so a subsection of an `<h2>` section gets the next level down, `<h3>`, without skipping levels. `<header>` is a container for introductory content, not a heading.',
  },
  {
    id: 'linked-image-alt',
    kind: 'single',
    prompt:
      'A site\'s logo is the only content of a link to its home page: `<a href="/"><img src="logo.svg" alt="…"></a>`. What should the image\'s `alt` be?',
    options: [
      { id: 'empty', text: '`alt=""`, because a logo is decorative', correct: false },
      {
        id: 'destination',
        text: 'Where the link goes, such as `alt="Acme home page"`',
        correct: true,
      },
      { id: 'file-name', text: 'The file name, `alt="logo.svg"`', correct: false },
      {
        id: 'description',
        text: 'What the picture looks like, such as `alt="A blue circle"`',
        correct: false,
      },
    ],
    explanation:
      "When an image is a link's only content, its `alt` text becomes the link's name, so it must say where the link goes. An empty `alt` would leave screen-reader users with a link that has no name at all.",
  },
  {
    id: 'list-table-children',
    kind: 'multiple',
    prompt:
      'Which of these put a child element directly inside a parent where the HTML standard allows it? Select all that apply.',
    options: [
      { id: 'li-in-ol', text: '`<li>` directly inside `<ol>`', correct: true },
      { id: 'p-in-ul', text: '`<p>` directly inside `<ul>`', correct: false },
      { id: 'td-in-tr', text: '`<td>` directly inside `<tr>`', correct: true },
      { id: 'th-in-tr', text: '`<th>` directly inside `<tr>`', correct: true },
      {
        id: 'td-in-table',
        text: '`<td>` directly inside `<table>`, with no `<tr>`',
        correct: false,
      },
    ],
    explanation:
      'A list may only contain `<li>` items (other content goes inside an `<li>`), and a table row `<tr>` holds header cells `<th>` and data cells `<td>`. A cell always sits in a row, never directly in `<table>`.',
  },
  {
    id: 'label-for-input',
    kind: 'single',
    prompt:
      'A form has `<input id="email" type="email">`. Which label is tied to it, so that clicking the label text puts the cursor in the field?',
    options: [
      { id: 'name', text: '`<label name="email">Email</label>`', correct: false },
      { id: 'id', text: '`<label id="email">Email</label>`', correct: false },
      { id: 'href', text: '`<label href="#email">Email</label>`', correct: false },
      { id: 'for', text: '`<label for="email">Email</label>`', correct: true },
    ],
    explanation:
      "A label's `for` attribute names the `id` of its field, which ties the two together: clicking the label focuses the field and screen readers read the label with it. Wrapping the input inside the `<label>` does the same without `for`.",
  },
  {
    id: 'required-email-field',
    kind: 'multiple',
    prompt:
      'A form contains `<input type="email" name="email" required>`. What does the browser do on its own when the user tries to submit the form? Select all that apply.',
    options: [
      { id: 'empty', text: 'It refuses to submit while the field is empty', correct: true },
      {
        id: 'mailbox',
        text: 'It checks that the mailbox exists before submitting',
        correct: false,
      },
      {
        id: 'format',
        text: 'It refuses to submit a value with no `@`, such as `ada.example.com`',
        correct: true,
      },
      {
        id: 'hidden',
        text: 'It hides the typed characters, like a password field',
        correct: false,
      },
    ],
    explanation:
      '`required` stops submission while the field is empty, and `type="email"` stops it unless the value looks like an email address, showing a message in both cases. The browser only checks the format: whether the mailbox exists is for the server to find out.',
  },
  {
    id: 'selector-specificity',
    kind: 'code',
    prompt: "Which colour is the paragraph's text?",
    code: `<style>
  .box .note { color: purple; }
  div p.note { color: green; }
  p { color: red; }
</style>
<div class="box">
  <p class="note">Which colour am I?</p>
</div>`,
    options: [
      { id: 'red', text: 'Red', correct: false },
      { id: 'green', text: 'Green', correct: false },
      { id: 'purple', text: 'Purple', correct: true },
      { id: 'black', text: 'Black, the default', correct: false },
    ],
    explanation:
      '`.box .note` has two classes, which beats `div p.note` with one class and two element names, whatever order the rules come in. Source order only decides between rules of equal specificity.',
  },
  {
    id: 'inherited-or-own-rule',
    kind: 'code',
    prompt: "Which colour is the paragraph's text?",
    code: `<style>
  #page { color: red; }
  p { color: blue; }
</style>
<div id="page">
  <p>Hello</p>
</div>`,
    options: [
      { id: 'red', text: 'Red', correct: false },
      { id: 'blue', text: 'Blue', correct: true },
      { id: 'black', text: 'Black, the default', correct: false },
    ],
    explanation:
      "The `#page` rule targets the `<div>`, and the paragraph would only inherit its colour if no rule set one for the paragraph itself. The `p` rule does, and a rule that matches an element always beats an inherited value, however specific the parent's selector.",
  },
  {
    id: 'border-box-width',
    kind: 'code',
    prompt:
      'How wide is the box on screen, from the outer edge of its left border to the outer edge of its right border?',
    code: `<style>
  .box {
    box-sizing: border-box;
    width: 200px;
    padding: 20px;
    border: 5px solid black;
    margin: 10px;
  }
</style>
<div class="box"></div>`,
    options: [
      { id: 'content-box', text: '250px', correct: false },
      { id: 'with-margin', text: '270px', correct: false },
      { id: 'border-box', text: '200px', correct: true },
      { id: 'content-only', text: '150px', correct: false },
    ],
    explanation:
      'With `box-sizing: border-box`, `width` includes the padding and the border, so the box is 200px wide and its content area shrinks to 150px. With the default `content-box` it would be 200 + 2 × 20 + 2 × 5 = 250px, and the margin is outside the box either way.',
  },
  {
    id: 'rem-units',
    kind: 'code',
    prompt: 'How wide is the `.badge` element?',
    code: `<style>
  html { font-size: 20px; }
  .card { font-size: 12px; }
  .badge { width: 10rem; }
</style>
<div class="card">
  <div class="badge">New</div>
</div>`,
    options: [
      { id: 'em', text: '120px', correct: false },
      { id: 'default', text: '160px', correct: false },
      { id: 'percent', text: '10% of the card', correct: false },
      { id: 'rem', text: '200px', correct: true },
    ],
    explanation:
      "`rem` is relative to the font size of the root element, `<html>`, so `10rem` is 10 × 20px = 200px. The card's 12px would only matter for `em`, which is relative to the element's own font size.",
  },
  {
    id: 'colour-values',
    kind: 'multiple',
    prompt: 'Which of these colour values are the same colour as `#ff0000`? Select all that apply.',
    options: [
      { id: 'keyword', text: '`red`', correct: true },
      { id: 'blue', text: '`rgb(0 0 255)`', correct: false },
      { id: 'short-hex', text: '`#f00`', correct: true },
      { id: 'white', text: '`hsl(0 100% 100%)`', correct: false },
      { id: 'rgb', text: '`rgb(255 0 0)`', correct: true },
    ],
    explanation:
      'Hex and `rgb()` both give red, green and blue in that order, and `#f00` is the short form of `#ff0000`, so all three are the keyword `red`. In `hsl()` a lightness of 100% is always white: pure red is `hsl(0 100% 50%)`.',
  },
  {
    id: 'flex-main-axis',
    kind: 'single',
    prompt:
      'A container has `display: flex` with the default direction, so its items sit in a row. Which declaration on the container centres the items horizontally?',
    options: [
      { id: 'align-items', text: '`align-items: center`', correct: false },
      { id: 'justify-content', text: '`justify-content: center`', correct: true },
      { id: 'text-align', text: '`text-align: center`', correct: false },
      { id: 'align-content', text: '`align-content: center`', correct: false },
    ],
    explanation:
      '`justify-content` places flex items along the main axis, which runs horizontally in a row. `align-items` works on the cross axis, so in a row it centres the items vertically.',
  },
  {
    id: 'grid-fr-gap',
    kind: 'code',
    prompt: 'How wide is each column of the grid?',
    code: `<style>
  .grid {
    display: grid;
    width: 640px;
    grid-template-columns: repeat(3, 1fr);
    gap: 20px;
  }
</style>
<div class="grid">
  <div>A</div>
  <div>B</div>
  <div>C</div>
</div>`,
    options: [
      { id: 'ignores-gap', text: 'About 213px', correct: false },
      { id: 'fr', text: '200px', correct: true },
      { id: 'minus-gap', text: '180px', correct: false },
      { id: 'content', text: 'As wide as its letter', correct: false },
    ],
    explanation:
      'The two 20px gaps are taken out first, and the `fr` units share what is left: (640 − 40) ÷ 3 = 200px each. `1fr` is a share of the free space, not of the content.',
  },
  {
    id: 'min-width-media-query',
    kind: 'single',
    prompt:
      'A stylesheet contains `@media (min-width: 768px) { .menu { display: flex; } }`. When does the `.menu` rule apply?',
    options: [
      { id: 'narrower', text: 'When the viewport is narrower than 768px', correct: false },
      { id: 'exactly', text: 'Only when the viewport is exactly 768px wide', correct: false },
      { id: 'wider', text: 'When the viewport is 768px wide or wider', correct: true },
      {
        id: 'element',
        text: 'When the `.menu` element itself is at least 768px wide',
        correct: false,
      },
    ],
    explanation:
      '`min-width: 768px` is true when the viewport is at least 768px wide, so the rule applies from 768px up. This is how mobile-first CSS adds a wider layout on larger screens.',
  },
];
