/**
 * What each step of the student area (/fed) contains: headings, texts, course, quiz and
 * project cards. Server-only: the student-only steps must never be bundled for the browser,
 * so the loaders read this module and send a step's content only to users allowed to see it.
 */

import { formatUsd } from '../lib/format';
import { BEGIN_COURSE, project, TAKE_QUIZ } from './course-card-parts';
import type { CourseCard, StepContent } from './course-content.types';
import { CONTENT_STEP_SLUGS, type ContentStepSlug } from './course-steps';
import { FINAL_PROJECT } from './projects';
import { site } from './site';

const { minMonths, maxMonths } = site.duration;
const { min: minHours, max: maxHours } = site.dailyHours;
const juniorPay = `${formatUsd(site.juniorPay.min)} to ${formatUsd(site.juniorPay.max)}`;

const IMAGES = {
  htmlCss: {
    image: '/media/courses/html-css.svg',
    imageAlt:
      'HTML & CSS illustration: code angle brackets beside a styled web page layout with a header, sidebar and content blocks',
  },
  quiz: {
    image: '/media/courses/quiz.svg',
    imageAlt:
      'Quiz illustration: three multiple-choice answers with the middle one ticked, next to a large question mark',
  },
  bootstrap: {
    image: '/media/courses/bootstrap.svg',
    imageAlt:
      'Bootstrap illustration: a responsive grid whose rows split into one, two and three columns on a purple background',
  },
  javascript: {
    image: '/media/courses/javascript.svg',
    imageAlt: 'JavaScript illustration: a yellow JS badge beside colourful lines of code',
  },
  javascriptProjects: {
    image: '/media/courses/javascript-projects.svg',
    imageAlt:
      'JavaScript Projects illustration: two stacked browser windows showing a bar chart, with a yellow JS badge',
  },
  react: {
    image: '/media/courses/react.svg',
    imageAlt: 'React illustration: the blue React atom logo on a dark navy background',
  },
} as const;

const htmlCssCourse: CourseCard = {
  title: 'HTML and CSS: Build and Style Your First Web Pages',
  description:
    "MDN's core modules take you from your first HTML document to styled, responsive pages: semantic markup, links, images, tables and forms, then selectors, the box model, typography, Flexbox and Grid. Type out every example yourself and keep your practice files in one folder.",
  ...IMAGES.htmlCss,
  link: 'https://developer.mozilla.org/en-US/docs/Learn_web_development/Core',
  cta: BEGIN_COURSE,
};

const htmlQuiz: CourseCard = {
  title: 'HTML Fundamentals Quiz',
  description:
    'A multiple-choice quiz on elements, attributes, links, images, lists, tables and forms. Your score at the end tells you what to revise.',
  ...IMAGES.quiz,
  link: 'https://www.w3schools.com/html/html_quiz.asp',
  cta: TAKE_QUIZ,
};

const cssQuiz: CourseCard = {
  title: 'CSS Fundamentals Quiz',
  description:
    'A multiple-choice quiz on selectors, colours, units, the box model, positioning and layout. Take it after the course, and again a few days later to see how much has stuck.',
  ...IMAGES.quiz,
  link: 'https://www.w3schools.com/css/css_quiz.asp',
  cta: TAKE_QUIZ,
};

const bootstrapCourse: CourseCard = {
  title: 'Bootstrap 5 Essentials: Responsive Layouts Fast',
  description:
    'The official Bootstrap documentation shows you how to add Bootstrap to a page, lay it out with the 12-column grid, style it with utility classes and drop in components such as the navbar, cards, modals and forms.',
  ...IMAGES.bootstrap,
  link: 'https://getbootstrap.com/docs/5.3/getting-started/introduction/',
  cta: BEGIN_COURSE,
};

const javascriptCourse: CourseCard = {
  title: 'The Modern JavaScript Tutorial',
  description:
    'javascript.info explains the language clearly and in order: variables, data types, operators, conditions, loops, functions, objects and arrays. Part 1 teaches the language itself; the chapters on the document and on events in Part 2 prepare you for the projects in Step 6. Solve the small tasks at the end of each chapter.',
  ...IMAGES.javascript,
  link: 'https://javascript.info/',
  cta: BEGIN_COURSE,
};

const javascriptQuiz: CourseCard = {
  title: 'JavaScript Fundamentals Quiz',
  description:
    'A multiple-choice quiz on syntax, variables, functions, arrays, objects and the DOM. Take it at the end of the three weeks and revise any topic you miss before moving on.',
  ...IMAGES.quiz,
  link: 'https://www.w3schools.com/js/js_quiz.asp',
  cta: TAKE_QUIZ,
};

const javascriptProjectsCourse: CourseCard = {
  title: 'Dynamic Scripting with JavaScript: Hands-on Challenges',
  description:
    "MDN's scripting module puts JavaScript to work in the browser: selecting and changing elements, handling events, working with JSON and fetching data from the network, with a practical challenge at the end of each topic. Build every challenge, then publish it with Git and GitHub.",
  ...IMAGES.javascriptProjects,
  link: 'https://developer.mozilla.org/en-US/docs/Learn_web_development/Core/Scripting',
  cta: BEGIN_COURSE,
};

const reactCourse: CourseCard = {
  title: 'Learn React with the Official react.dev Guide',
  description:
    'The official React documentation teaches React the modern way, with function components and hooks. Start with Quick Start and the tic-tac-toe tutorial, then work through Describing the UI, Adding Interactivity, Managing State and Escape Hatches, coding along in the interactive sandboxes.',
  ...IMAGES.react,
  link: 'https://react.dev/learn',
  cta: BEGIN_COURSE,
};

/**
 * The conclusion's section on when the graduation lecture is, and its sentence that the
 * time comes later: once the cohort's lecture is a scheduled live class, the page shows
 * its date and Join there instead (decision 045).
 */
export const LECTURE_TIME_HEADING = 'When the lecture takes place';
const LECTURE_TIME_LATER =
  'The time of the graduation lecture is communicated later, once your cohort is close to the end of the React step. Keep an eye on your e-mail and on the announcements in your live classes.';

export const COURSE_CONTENT: Readonly<Record<ContentStepSlug, StepContent>> = {
  home: {
    slug: 'home',
    heading: 'Welcome to the FrontEnd Developer Bootcamp',
    intro: `This is your home base for the next ${minMonths} to ${maxMonths} months. Every step of the bootcamp, with its courses, quizzes and projects, is in the menu. Read this introduction first, then work through the steps in order, starting with the roadmap.`,
    sections: [
      {
        kind: 'text',
        heading: 'What is web development?',
        paragraphs: [
          'Web development is the work of building websites and web applications: everything from a one-page portfolio to online shops, banking apps and social platforms. Every page you open in a browser was written by a developer, in a handful of languages that browsers understand.',
          'A website has two halves. The part you see and click runs in your browser; the part that stores data, checks passwords and sends e-mails runs on a server. Developers usually specialise in one half, and some learn to work across both.',
        ],
      },
      {
        kind: 'list',
        heading: 'The branches of web development',
        items: [
          {
            title: 'Frontend',
            description:
              'Everything the user sees and touches in the browser: layout, colours, text, forms, animations and how the page responds to clicks and typing. Frontend developers work with HTML, CSS, JavaScript and libraries such as React, and this is the branch this bootcamp teaches.',
          },
          {
            title: 'Backend',
            description:
              'The server side of an application: databases, user accounts, payments and the APIs that send data to the frontend. Backend developers use languages and tools such as Node.js, Express, Python or PHP, with databases such as MongoDB or PostgreSQL.',
          },
          {
            title: 'Full stack',
            description:
              'A full stack developer builds both halves and connects them. Many developers start with the frontend and add backend skills later; our FullStack track builds on this course with Node.js, Express and MongoDB.',
          },
        ],
      },
      {
        kind: 'text',
        heading: 'Our aim and how long it takes',
        paragraphs: [
          'The aim of the bootcamp is to take you from your first line of HTML to building modern React applications, with a portfolio of real projects that shows employers and clients what you can do.',
          `The bootcamp runs for ${minMonths} to ${maxMonths} months. Plan on ${minHours} to ${maxHours} hours a day: enough to make steady progress while you keep your job, your studies or your business. Students who practise every day tend to finish sooner, and nobody is rushed through a topic they have not understood yet.`,
        ],
      },
      {
        kind: 'list',
        heading: 'How you will learn',
        items: [
          {
            title: 'Live classes',
            description:
              'Instructors teach each topic live online, explain the ideas behind the code and answer your questions as they come up. Class times are shared with your cohort in advance.',
          },
          {
            title: 'Mentorship sessions',
            description:
              'Regular sessions with a mentor to review your code, get unstuck and plan your next move. Bring your questions, your bugs and your half-finished projects.',
          },
          {
            title: 'Steps',
            description:
              'The course is split into eight steps, from the roadmap to the graduation lecture. Each step tells you what to study, which resources to use and roughly how long it should take.',
          },
          {
            title: 'Projects',
            description:
              'You learn to code by writing code. After each block of theory you build real projects, with starter files to download and a solution to compare against once you are done.',
          },
          {
            title: 'Quizzes',
            description:
              'Short quizzes after the HTML, CSS and JavaScript courses show you what has stuck and what needs another look before you move on.',
          },
        ],
      },
      {
        kind: 'list',
        heading: 'Your goals for the bootcamp',
        items: [
          {
            title: 'Build responsive websites',
            description:
              'Write clean, semantic HTML and CSS that looks right on phones, tablets and desktops, and speed up your layouts with Bootstrap.',
          },
          {
            title: 'Make pages interactive',
            description:
              'Use JavaScript to respond to users, update the page, validate forms and fetch data from APIs.',
          },
          {
            title: 'Build React applications',
            description:
              'Structure user interfaces as reusable components, manage their state with hooks and ship complete single-page applications.',
          },
          {
            title: 'Work like a professional developer',
            description:
              'Track your code with Git, share it on GitHub and publish your projects online where anyone can see them.',
          },
          {
            title: 'Launch your career',
            description: `Finish with a portfolio, a certificate of completion and a plan for landing a junior role or your first freelance clients. Junior frontend developers typically earn ${juniorPay} a year, depending on the country, the company and whether the role is remote.`,
          },
        ],
      },
    ],
  },

  roadmap: {
    slug: 'roadmap',
    heading: 'Your Frontend Roadmap',
    intro:
      'Here is the path from your first web page to your first React application. Each stage builds on the one before it, so take them in order, and come back to this page whenever you want to see how far you have come.',
    sections: [
      {
        kind: 'list',
        heading: 'The path, stage by stage',
        items: [
          {
            title: 'HTML',
            description:
              'The language that gives every web page its structure: headings, paragraphs, links, images, lists, tables and forms. You will learn to write semantic, accessible markup.',
          },
          {
            title: 'CSS',
            description:
              'The language of presentation: colours, fonts, spacing and layout with Flexbox and Grid. You will make your pages responsive, so they work on every screen size.',
          },
          {
            title: 'CSS Framework',
            description:
              'Bootstrap, a library of ready-made styles and components. It lets you build clean, responsive layouts quickly and keep them consistent from page to page.',
          },
          {
            title: 'JavaScript',
            description:
              'The programming language of the web. You will learn variables, functions, arrays, objects and loops, then use them to make pages react to users and to data.',
          },
          {
            title: 'Git and GitHub',
            description:
              'Git records every change you make to your code, and GitHub keeps it online so you can share it, collaborate and publish your projects. You pick it up alongside your JavaScript projects.',
          },
          {
            title: 'React',
            description:
              'The most widely used library for building user interfaces. You will build applications out of reusable components and manage their data with state and hooks.',
          },
          {
            title: 'What Next',
            description:
              'The graduation lecture: money in tech, getting a job, freelancing and how to keep learning, followed by your certificate of completion.',
          },
        ],
      },
      {
        kind: 'text',
        heading: 'How to use the steps',
        paragraphs: [
          'Each step in the menu has a suggested duration. Treat it as a guide rather than a deadline: some topics will click in a day, others need a second week. What matters is that you build every project yourself before you move on.',
          'When you get stuck, write down what you tried and bring it to a live class or a mentorship session. Explaining a problem out loud is often half of solving it.',
        ],
      },
    ],
  },

  'html-css': {
    slug: 'html-css',
    heading: 'HTML & CSS',
    intro:
      'Over the next three weeks you will learn the two languages every web page is made of. HTML describes what is on the page; CSS decides how it looks. Work through the course, test yourself with the graded quiz and the two practice quizzes, then put it all into practice with the projects in Step 3.',
    duration: '3 weeks',
    sections: [
      { kind: 'cards', heading: 'Course', cards: [htmlCssCourse] },
      { kind: 'cards', heading: 'Quizzes', cards: [htmlQuiz, cssQuiz] },
      {
        kind: 'text',
        heading: 'Getting the most out of this step',
        paragraphs: [
          'Spend roughly the first week on HTML and the next two on CSS, where layout takes the most practice. Type the examples instead of copying them, then change them to see what breaks.',
          "Open your browser's developer tools (right-click on a page and choose Inspect) and keep them open while you work. They show you which styles apply to each element and why.",
        ],
      },
    ],
  },

  'html-css-test': {
    slug: 'html-css-test',
    heading: 'HTML & CSS Projects',
    intro:
      'Time to build. These three projects put everything from Step 2 into practice, and each one is a page you can add to your portfolio. Preview the finished page, download the starter files, build it yourself, and only then compare your work with the solution.',
    sections: [
      {
        kind: 'projects',
        heading: 'Projects',
        projects: [
          project('personal-profile-page', {
            title: 'Personal Profile Page',
            description:
              'Build a one-page profile about yourself: a photo, a short bio, your skills as a list, links to your social profiles and a contact form. It practises semantic HTML, images, lists, links and forms, styled into a clean, readable layout.',
          }),
          project('responsive-landing-page', {
            title: 'Responsive Landing Page',
            description:
              'Recreate a product landing page with a navigation bar, a hero section, a features grid, testimonials and a footer. Use Flexbox, CSS Grid and media queries so the page looks right on a small phone and on a wide desktop screen.',
          }),
          project('restaurant-menu', {
            title: 'Restaurant Menu and Pricing Table',
            description:
              'Design the menu of a local restaurant, with dishes grouped by category, prices lined up in neat columns and a pricing table for catering packages. It practises tables, typography, colours and hover effects.',
          }),
        ],
      },
      {
        kind: 'text',
        heading: 'How to work on the projects',
        paragraphs: [
          'Start with Preview Project to see the finished page, then use Download Project Files to get the starter files: the assignment brief, the images and the text content. Write the HTML first, then the CSS.',
          'Give every project an honest attempt before you open View Solution. There is more than one right answer: compare how the solution structures the page and names its classes, and keep whatever improves your own version.',
        ],
      },
    ],
  },

  'css-framework': {
    slug: 'css-framework',
    heading: 'CSS Framework: Bootstrap',
    intro:
      'Bootstrap is the most widely used CSS framework: a ready-made set of styles, a responsive grid and components you assemble with class names. In one week you will learn to build responsive pages much faster than in plain CSS, and to read and adapt Bootstrap code written by others.',
    duration: '1 week',
    sections: [
      { kind: 'cards', heading: 'Course', cards: [bootstrapCourse] },
      {
        kind: 'list',
        heading: 'What you will cover',
        items: [
          {
            title: 'The grid system',
            description:
              'Containers, rows and columns, and the breakpoints that rearrange them on small and large screens.',
          },
          {
            title: 'Utility classes',
            description:
              'Spacing, colours, text, borders and Flexbox helpers that style an element without writing any CSS.',
          },
          {
            title: 'Components',
            description:
              'The navbar, buttons, cards, forms, alerts and modals, and how to combine them into complete pages.',
          },
          {
            title: 'Practice project',
            description:
              'Rebuild the responsive landing page from Step 3 with Bootstrap and compare the two versions side by side.',
          },
        ],
      },
    ],
  },

  javascript: {
    slug: 'javascript',
    heading: 'JavaScript: Programming the Web',
    intro:
      'JavaScript turns static pages into applications that respond to people. This is the step where you start thinking like a programmer, so give it steady daily practice: a little every day works far better than a long session once a week.',
    duration: '3 weeks or 21 days',
    sections: [
      { kind: 'cards', heading: 'Course', cards: [javascriptCourse] },
      { kind: 'cards', heading: 'Quiz', cards: [javascriptQuiz] },
      {
        kind: 'list',
        heading: 'A suggested plan for the three weeks',
        items: [
          {
            title: 'Week 1: The basics',
            description:
              'Variables, data types, operators, conditions and loops. Run small experiments in the browser console as you read.',
          },
          {
            title: 'Week 2: Functions, arrays and objects',
            description:
              'Write reusable functions, store and transform data with arrays and objects, and learn the array methods you will use every day.',
          },
          {
            title: 'Week 3: The browser',
            description:
              'Select and change elements on the page, respond to clicks and key presses, then take the quiz to check your understanding.',
          },
        ],
      },
    ],
  },

  javascript2: {
    slug: 'javascript2',
    heading: 'JavaScript in Practice',
    intro:
      'Knowing the syntax is one thing; building something that works is another. In this step you apply JavaScript to real browser projects, learn to debug your own code and publish your work with Git and GitHub.',
    duration: '3 weeks or 21 days',
    sections: [
      { kind: 'cards', heading: 'Course', cards: [javascriptProjectsCourse] },
      {
        kind: 'list',
        heading: 'Projects to build along the way',
        items: [
          {
            title: 'Number guessing game',
            description:
              'Generate a random number, read guesses from a form and give hints until the player wins or runs out of turns.',
          },
          {
            title: 'To-do list',
            description:
              'Add, complete and delete tasks, and save them in localStorage so they are still there after a page reload.',
          },
          {
            title: 'Weather app',
            description:
              'Fetch live data from a public weather API, show it on the page and handle loading and error states gracefully.',
          },
          {
            title: 'Publish with Git and GitHub',
            description:
              'Commit as you go, push each project to its own GitHub repository and publish it with GitHub Pages, so every project has a link you can share.',
          },
        ],
      },
    ],
  },

  react: {
    slug: 'react',
    heading: 'React: Building User Interfaces',
    intro:
      'React is the library behind a large share of modern web applications. It lets you describe your interface as small, reusable components and keeps the page in sync with your data. This is the longest step, and the one that ties everything you have learned together.',
    duration: '4 weeks or 28 days',
    sections: [
      { kind: 'cards', heading: 'Course', cards: [reactCourse] },
      {
        kind: 'list',
        heading: 'A suggested plan for the four weeks',
        items: [
          {
            title: 'Week 1: Components and JSX',
            description:
              'Break a page into components, pass data with props and render lists and conditional content.',
          },
          {
            title: 'Week 2: State and events',
            description:
              'Make components interactive with useState, handle forms and events, and decide where each piece of state should live.',
          },
          {
            title: 'Week 3: Effects and data',
            description:
              'Fetch data from an API with useEffect, show loading and error states, and share state across components with context.',
          },
          {
            title: 'Week 4: Final project',
            description: FINAL_PROJECT.brief,
          },
        ],
      },
    ],
  },

  conclusion: {
    slug: 'conclusion',
    heading: 'Graduation lecture',
    intro:
      'You made it to the final step. The graduation lecture is a live class that closes the bootcamp and prepares you for everything that comes after it.',
    sections: [
      {
        kind: 'list',
        heading: 'What the lecture covers',
        items: [
          {
            title: 'Money in tech',
            description: `How developers earn: salaried roles, contracts, freelance work and products of your own. Junior frontend developers typically earn ${juniorPay} a year, depending on the country, the company and whether the role is remote.`,
          },
          {
            title: 'Getting a job',
            description:
              'Building a portfolio that gets noticed, writing a developer CV, finding openings and preparing for technical interviews and take-home tasks.',
          },
          {
            title: 'Freelancing',
            description:
              'Finding your first clients, pricing your work, writing proposals and delivering projects on time and on budget.',
          },
          {
            title: 'More learning',
            description:
              'Where to go next: TypeScript, testing, backend development with Node.js, Express and MongoDB, and habits that keep your skills current.',
          },
          {
            title: 'Certificate of completion',
            description:
              'The lecture ends with the issuing of your certificate of completion for the FrontEnd Developer Bootcamp.',
          },
        ],
      },
      {
        kind: 'text',
        heading: LECTURE_TIME_HEADING,
        paragraphs: [
          LECTURE_TIME_LATER,
          'In the meantime, polish your portfolio projects, make sure each one is published with a working link, and write down the questions you want to ask about jobs and freelancing.',
        ],
      },
    ],
  },
};

/** The conclusion for a cohort whose graduation lecture is scheduled: without "later". */
export function conclusionWithLectureScheduled(): StepContent {
  const content = courseContent('conclusion');
  return {
    ...content,
    sections: content.sections.map((section) =>
      section.kind === 'text' && section.heading === LECTURE_TIME_HEADING
        ? {
            ...section,
            paragraphs: section.paragraphs.filter((text) => text !== LECTURE_TIME_LATER),
          }
        : section,
    ),
  };
}

/** The content of one step. Callers check access first: this function does not. */
export function courseContent(slug: ContentStepSlug): StepContent {
  if (!(CONTENT_STEP_SLUGS as readonly string[]).includes(slug)) {
    throw new RangeError(`Unknown course step: ${String(slug)}`);
  }
  return COURSE_CONTENT[slug];
}
