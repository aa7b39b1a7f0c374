/**
 * What each step of the FullStack area (/fsd, decision 047) contains: headings, texts, course and
 * project cards. Server-only: every FullStack step is for FullStack students and admins only,
 * so this module must never be bundled for the browser. The loaders read it and send a step's
 * content only to users allowed to see it.
 */

import { BEGIN_COURSE, project } from './course-card-parts';
import type { CourseCard, StepContent } from './course-content.types';
import type { FullstackStepSlug } from './fullstack-steps';
import { site } from './site';
import { FULLSTACK_PROJECTS } from './projects';

export type FullstackStepContent = Omit<StepContent, 'slug'> & { slug: FullstackStepSlug };

const { minMonths, maxMonths } = site.duration;
const { min: minHours, max: maxHours } = site.dailyHours;

/**
 * How many weeks each numbered study step takes. The FrontEnd steps take 14 weeks (SPEC §9);
 * these add 15, so the whole programme reads about 6.7 months, within the 6 to 9 months sold.
 */
export const FULLSTACK_WEEKS = {
  node: 3,
  express: 3,
  mongodb: 2,
  authentication: 2,
  'fullstack-project': 4,
  deployment: 1,
} as const satisfies Partial<Record<FullstackStepSlug, number>>;

const TOTAL_WEEKS = Object.values(FULLSTACK_WEEKS).reduce((sum, weeks) => sum + weeks, 0);

/** '1 week', or '3 weeks or 21 days' like the FrontEnd steps. */
function weeks(count: number): string {
  return count === 1 ? '1 week' : `${count} weeks or ${count * 7} days`;
}

const IMAGES = {
  node: {
    image: '/media/courses/fsd-node.svg',
    imageAlt:
      'Node.js illustration: a green hexagon holding yellow code angle brackets, between lines of server code',
  },
  express: {
    image: '/media/courses/fsd-express.svg',
    imageAlt:
      'Express illustration: a request travelling from a client into a yellow router box that sends it to one of three route handlers',
  },
  mongodb: {
    image: '/media/courses/fsd-mongodb.svg',
    imageAlt:
      'MongoDB illustration: the green MongoDB leaf beside three stacked documents with highlighted field names',
  },
  security: {
    image: '/media/courses/fsd-security.svg',
    imageAlt:
      'Security illustration: a yellow padlock on a shield, between two hidden password fields with green ticks',
  },
  fullstack: {
    image: '/media/courses/fsd-fullstack.svg',
    imageAlt:
      'Full-stack illustration: a browser window exchanging arrows with a server and a green database cylinder',
  },
  deployment: {
    image: '/media/courses/fsd-deployment.svg',
    imageAlt:
      'Deployment illustration: a rocket taking off beside three servers, each with a green status light',
  },
} as const;

const [bookshelfApi, recipeBookApi] = FULLSTACK_PROJECTS;

const nodeCourse: CourseCard = {
  title: "The Odin Project's NodeJS Course",
  description:
    "The Odin Project's free NodeJS course explains what a server is and why you need one, then has you write real Node.js programs: modules, npm packages, reading and writing files and a small web server. Every lesson ends with a knowledge check and most with a project; build each one and push it to GitHub.",
  ...IMAGES.node,
  link: 'https://www.theodinproject.com/paths/full-stack-javascript/courses/nodejs',
  cta: BEGIN_COURSE,
};

const expressCourse: CourseCard = {
  title: 'Express Web Framework: the MDN Local Library Tutorial',
  description:
    "MDN's server-side module introduces Express step by step and builds a complete website with it, the Local Library: routes and controllers, middleware, talking to a database, forms with validation and error pages. Code along with every article instead of only reading it.",
  ...IMAGES.express,
  link: 'https://developer.mozilla.org/en-US/docs/Learn_web_development/Extensions/Server-side/Express_Nodejs',
  cta: BEGIN_COURSE,
};

const mongodbCourse: CourseCard = {
  title: 'MongoDB University: Free MongoDB Courses',
  description:
    "MongoDB's own free courses teach the document model, CRUD operations, queries, aggregation and indexes with short videos and hands-on labs on a free Atlas cluster. Start with the MongoDB overview and the CRUD and indexing skills, and earn a badge for each skill check you pass.",
  ...IMAGES.mongodb,
  link: 'https://learn.mongodb.com/',
  cta: BEGIN_COURSE,
};

const securityCourse: CourseCard = {
  title: 'The OWASP Cheat Sheet Series',
  description:
    "OWASP's free cheat sheets are the reference security professionals use. Read the Authentication, Password Storage, Session Management and Input Validation cheat sheets first, then the index that maps the cheat sheets to the OWASP Top 10 risks, and apply each recommendation to your own API.",
  ...IMAGES.security,
  link: 'https://cheatsheetseries.owasp.org/',
  cta: BEGIN_COURSE,
};

const fullstackCourse: CourseCard = {
  title: 'Full Stack Open by the University of Helsinki',
  description:
    'A free university course in modern full-stack JavaScript: a React frontend talking to a Node.js and Express backend that stores its data in MongoDB, then testing, user administration with tokens and deployment. Parts 3 and 4 match this step most closely; use the earlier parts to revise React.',
  ...IMAGES.fullstack,
  link: 'https://fullstackopen.com/en/',
  cta: BEGIN_COURSE,
};

const deploymentCourse: CourseCard = {
  title: 'Deploy a Node Express App on Render',
  description:
    "Render's documentation walks you through publishing an Express application from a GitHub repository: the build and start commands, environment variables, the live logs and automatic deploys on every push. Its free tier is enough for a portfolio project.",
  ...IMAGES.deployment,
  link: 'https://render.com/docs/deploy-node-express-app',
  cta: BEGIN_COURSE,
};

export const FULLSTACK_CONTENT: Readonly<Record<FullstackStepSlug, FullstackStepContent>> = {
  home: {
    slug: 'home',
    heading: 'Welcome to the FullStack Developer Bootcamp',
    intro:
      'The FrontEnd track taught you to build what people see in the browser. The FullStack track teaches the other half: the servers, databases and accounts behind every real application. Read this introduction first, then work through the steps in order, starting with Node.js.',
    sections: [
      {
        kind: 'text',
        heading: 'What is a backend?',
        paragraphs: [
          'The backend is the part of an application that runs on a server instead of in the browser. It stores data in a database, checks who is signed in and what they may do, takes payments, sends e-mails and answers the requests that the frontend makes.',
          'The frontend and the backend talk over HTTP. The browser asks for data, for example the list of tasks of the signed-in user, and the backend checks the request, reads the database and sends the answer back as JSON. A full stack developer builds both sides and the connection between them.',
        ],
      },
      {
        kind: 'text',
        heading: 'How the FullStack track builds on the FrontEnd track',
        paragraphs: [
          'Every step of the FrontEnd track is part of your course too, and it comes first: HTML and CSS, Bootstrap, JavaScript and React are all open to you in the FrontEnd area. The backend is written in the same language, JavaScript, so everything you learned about functions, objects, arrays and asynchronous code carries straight over.',
          'Your React skills come back at the end: in the Full-stack project step you connect a React frontend to the API you built, and put the whole application online.',
        ],
      },
      {
        kind: 'text',
        heading: 'Duration and structure',
        paragraphs: [
          `The FullStack steps take about ${TOTAL_WEEKS} weeks after the FrontEnd steps, so the whole bootcamp runs for ${minMonths} to ${maxMonths} months. Plan on ${minHours} to ${maxHours} hours a day, the same rhythm as the FrontEnd track.`,
          'The track has seven steps: six study steps, each with a suggested duration, a course and hands-on practice, followed by the conclusion and your graduation.',
        ],
      },
      {
        kind: 'list',
        heading: 'The steps of the track',
        items: [
          {
            title: 'Node.js',
            description:
              'JavaScript outside the browser: the runtime, modules, npm, the file system and a first HTTP server.',
          },
          {
            title: 'Express',
            description:
              'The most widely used Node.js web framework: routing, middleware, REST APIs, validation and error handling.',
          },
          {
            title: 'MongoDB',
            description:
              'A document database: collections and documents, queries, indexes and the Mongoose library.',
          },
          {
            title: 'Authentication and security',
            description:
              'Sign-up and sign-in with sessions or tokens, password hashing and the most common security risks.',
          },
          {
            title: 'Full-stack project',
            description:
              'A complete MERN application, with MongoDB, Express, React and Node.js working together.',
          },
          {
            title: 'Deployment',
            description:
              'Putting your applications online with environment variables, a hosting provider and logs.',
          },
          {
            title: 'Conclusion',
            description:
              'Graduation and your certificate of completion for the FullStack Developer Bootcamp.',
          },
        ],
      },
      {
        kind: 'list',
        heading: 'How to use the steps',
        items: [
          {
            title: 'Take them in order',
            description:
              'Each step builds on the one before it: the Express API of Step 2 stores its data in MongoDB in Step 3 and gets user accounts in Step 4.',
          },
          {
            title: 'Treat durations as a guide',
            description:
              'Some topics click in a day, others need a second week. What matters is that you build every project yourself before you move on.',
          },
          {
            title: 'Keep every project on GitHub',
            description:
              'Commit often and push your work, so your mentor can review it and employers can see how you build a backend.',
          },
          {
            title: 'Bring your questions',
            description:
              'Live classes and mentorship sessions continue through the FullStack track. Write down what you tried when you get stuck and bring it along.',
          },
        ],
      },
    ],
  },

  node: {
    slug: 'node',
    heading: 'Node.js: JavaScript on the Server',
    intro:
      'Node.js runs JavaScript outside the browser, on your computer or on a server. In this step you learn how a Node.js program is organised, how to use the packages of npm, and how to read files and answer HTTP requests: the foundation of every backend in this track.',
    duration: weeks(FULLSTACK_WEEKS.node),
    sections: [
      { kind: 'cards', heading: 'Course', cards: [nodeCourse] },
      {
        kind: 'list',
        heading: 'A suggested plan for the three weeks',
        items: [
          {
            title: 'Week 1: The runtime and modules',
            description:
              'Install the current LTS version of Node.js, run scripts from the terminal, and split a program into modules with import and export.',
          },
          {
            title: 'Week 2: npm and the file system',
            description:
              'Create a project with package.json, install and use packages, write npm scripts, and read and write files with the fs module.',
          },
          {
            title: 'Week 3: HTTP',
            description:
              'Build a small web server with the http module that serves pages and JSON, and learn how requests, responses, status codes and headers work.',
          },
        ],
      },
      {
        kind: 'text',
        heading: 'Getting the most out of this step',
        paragraphs: [
          'Node.js has no page to look at, so the terminal becomes your main tool. Log values with console.log, read error messages to the end, and use the debugger built into your code editor.',
          'Asynchronous code is everywhere on the server. If promises and async and await still feel unclear, revise them in the JavaScript step of the FrontEnd track before you move on.',
        ],
      },
    ],
  },

  express: {
    slug: 'express',
    heading: 'Express: Building Web APIs',
    intro:
      'Express is a small framework on top of Node.js that takes care of the plumbing of a web server, so you can focus on what your application does. In this step you build REST APIs: the routes that a frontend calls to read and change data.',
    duration: weeks(FULLSTACK_WEEKS.express),
    sections: [
      { kind: 'cards', heading: 'Course', cards: [expressCourse] },
      {
        kind: 'list',
        heading: 'What you will cover',
        items: [
          {
            title: 'Routing',
            description:
              'Map HTTP methods and paths to handlers, read route parameters and query strings, and group routes with routers.',
          },
          {
            title: 'Middleware',
            description:
              'Understand the chain every request passes through, and write middleware for parsing JSON, logging and checking requests.',
          },
          {
            title: 'REST APIs',
            description:
              'Design resources and URLs, use GET, POST, PUT, PATCH and DELETE for what they mean, and answer with the right status codes.',
          },
          {
            title: 'Validation and errors',
            description:
              'Check every input before you use it, send clear error messages, and handle unexpected errors in one place.',
          },
        ],
      },
      {
        kind: 'list',
        heading: 'Project',
        items: [
          {
            title: bookshelfApi.title,
            description:
              'Build a REST API for a personal bookshelf: list, add, update and remove books, with validation of every field and meaningful errors. Keep the books in memory for now; in the next step they move to MongoDB. Test every route with a REST client and push the project to GitHub.',
          },
        ],
      },
    ],
  },

  mongodb: {
    slug: 'mongodb',
    heading: 'MongoDB: Storing Your Data',
    intro:
      'An API without a database forgets everything when the server restarts. MongoDB stores data as documents that look much like JavaScript objects, which makes it a natural partner for Node.js. In this step you design collections, query them efficiently and connect them to Express with Mongoose.',
    duration: weeks(FULLSTACK_WEEKS.mongodb),
    sections: [
      { kind: 'cards', heading: 'Course', cards: [mongodbCourse] },
      {
        kind: 'list',
        heading: 'A suggested plan for the two weeks',
        items: [
          {
            title: 'Week 1: Documents and queries',
            description:
              'Create a free Atlas cluster, model data as documents and collections, and insert, find, update and delete documents with query filters and projections.',
          },
          {
            title: 'Week 2: Indexes and Mongoose',
            description:
              'Add indexes for the queries your application makes, then define Mongoose schemas and models with validation and use them from your Express routes.',
          },
        ],
      },
      {
        kind: 'list',
        heading: 'Project',
        items: [
          {
            title: recipeBookApi.title,
            description:
              'Build an API for a recipe book that stores recipes and their ingredients in MongoDB through Mongoose: search by name or ingredient, paginate the results and index the fields you search on. Reuse what you learned from the bookshelf API, and push the project to GitHub.',
          },
        ],
      },
    ],
  },

  authentication: {
    slug: 'authentication',
    heading: 'Authentication and Security',
    intro:
      'Almost every application needs accounts, and every account is a target. In this step you learn how users sign up and sign in, how to keep their passwords safe, and how to defend an API against the attacks that are most common on the web.',
    duration: weeks(FULLSTACK_WEEKS.authentication),
    sections: [
      { kind: 'cards', heading: 'Course', cards: [securityCourse] },
      {
        kind: 'list',
        heading: 'What you will cover',
        items: [
          {
            title: 'Sessions and tokens',
            description:
              'Compare a session stored on the server and identified by a cookie with a signed token such as a JSON Web Token, and when to choose each one.',
          },
          {
            title: 'Password hashing',
            description:
              'Never store a password: store a slow, salted hash made with bcrypt or Argon2, and compare hashes when a user signs in.',
          },
          {
            title: 'Authorisation',
            description:
              'Check on the server, in every route, that the signed-in user may read or change the data they ask for.',
          },
          {
            title: 'OWASP basics',
            description:
              'Recognise the OWASP Top 10 risks, such as broken access control, injection and security misconfiguration, and the habits that prevent them: validated input, secure cookies, HTTPS and up-to-date dependencies.',
          },
        ],
      },
      {
        kind: 'text',
        heading: 'Practise on your own API',
        paragraphs: [
          'Add sign-up, sign-in and sign-out to the recipe book API from Step 3, so that only the author of a recipe may change or delete it. Then try to break it: sign in as another user, send unexpected input and read the cheat sheets again to find what you missed.',
        ],
      },
    ],
  },

  'fullstack-project': {
    slug: 'fullstack-project',
    heading: 'Full-stack Project: a MERN Application',
    intro:
      'Time to put both halves together. MERN stands for MongoDB, Express, React and Node.js, the four tools you now know. These two projects take you from an API with user accounts to a complete application, with a React frontend, that anyone can open online.',
    duration: weeks(FULLSTACK_WEEKS['fullstack-project']),
    sections: [
      { kind: 'cards', heading: 'Course', cards: [fullstackCourse] },
      {
        kind: 'projects',
        heading: 'Projects',
        projects: [
          project('blog-api', {
            title: 'Blog API with User Accounts',
            description:
              'Build the backend of a blog: users sign up and sign in, write, edit and delete their own posts, and comment on the posts of others. It practises Express routing, Mongoose models with references, password hashing, authorisation and automated tests of the API.',
          }),
          project('mern-task-manager', {
            title: 'MERN Task Manager',
            description:
              'Build a complete task manager: a React frontend where each user signs in, creates boards and moves tasks between columns, backed by your own Express API and MongoDB database. Deploy it so it works from any browser: this is the portfolio piece of the FullStack track.',
          }),
        ],
      },
      {
        kind: 'list',
        heading: 'A suggested plan for the four weeks',
        items: [
          {
            title: 'Week 1: The blog API',
            description:
              'Build and test the blog API, reusing the authentication you added in Step 4.',
          },
          {
            title: 'Week 2: The task manager backend',
            description:
              'Design the collections and routes of the task manager and build its API first.',
          },
          {
            title: 'Week 3: The React frontend',
            description:
              'Build the frontend with React Router, call your API with fetch, and show loading and error states.',
          },
          {
            title: 'Week 4: Finish and deploy',
            description:
              'Polish the interface, write a README with screenshots, and deploy a first version following the Render guide of Step 6.',
          },
        ],
      },
      {
        kind: 'text',
        heading: 'How to work on the projects',
        paragraphs: [
          'Start with Preview Project to see the finished application, then use Download Project Files to get the brief and the starter files. Build the backend first and test it on its own before you write any React.',
          'Give every project an honest attempt before you open View Solution. Compare how the solution organises its routes, models and components, and keep whatever improves your own version.',
        ],
      },
    ],
  },

  deployment: {
    slug: 'deployment',
    heading: 'Deployment: Going Live',
    intro:
      'An application only counts once people can use it. In this step you put your backend and your MERN application online with a hosting provider, keep your secrets out of your code, and learn to find out what went wrong when something breaks in production.',
    duration: weeks(FULLSTACK_WEEKS.deployment),
    sections: [
      { kind: 'cards', heading: 'Course', cards: [deploymentCourse] },
      {
        kind: 'list',
        heading: 'What you will cover',
        items: [
          {
            title: 'Environment variables',
            description:
              'Move the database address, secrets and settings out of your code into environment variables, and keep the .env file out of Git.',
          },
          {
            title: 'A host',
            description:
              'Deploy a Node.js application from GitHub to a hosting provider such as Render, with a free MongoDB Atlas database and automatic deploys on every push.',
          },
          {
            title: 'Logs',
            description:
              'Read the logs of your running application, log useful events without logging passwords or tokens, and trace an error back to the line that caused it.',
          },
          {
            title: 'A deployment checklist',
            description:
              'HTTPS everywhere, the production build of the frontend, sensible error pages and a short README that tells others how to run and deploy the project.',
          },
        ],
      },
      {
        kind: 'text',
        heading: 'Before you move on',
        paragraphs: [
          'Open every deployed project in a private browser window and on your phone, sign up as a new user and try each feature once. Add the live links to your GitHub profile and your portfolio.',
        ],
      },
    ],
  },

  conclusion: {
    slug: 'conclusion',
    heading: 'Graduation',
    intro:
      'You made it to the end of the FullStack track. You can now build an application from the database to the browser and put it online, and the graduation closes the bootcamp and prepares you for everything that comes after it.',
    sections: [
      {
        kind: 'list',
        heading: 'What the graduation covers',
        items: [
          {
            title: 'Money in tech',
            description:
              'How developers earn: salaried roles, contracts, freelance work and products of your own, and why developers who can build both the frontend and the backend are offered a wider range of roles.',
          },
          {
            title: 'Getting a job',
            description:
              'Presenting your full-stack projects in a portfolio, writing a developer CV, finding openings and preparing for technical interviews and take-home tasks, including questions about APIs and databases.',
          },
          {
            title: 'Freelancing',
            description:
              'Finding your first clients, pricing complete applications with a backend, hosting and ongoing support, writing proposals and delivering on time and on budget.',
          },
          {
            title: 'More learning',
            description:
              'Where to go next: TypeScript on the server, automated testing, SQL databases such as PostgreSQL, containers and habits that keep your skills current.',
          },
          {
            title: 'Certificate of completion',
            description:
              'The graduation ends with the issuing of your certificate of completion for the FullStack Developer Bootcamp.',
          },
        ],
      },
      {
        kind: 'text',
        heading: 'Before you graduate',
        paragraphs: [
          'Make sure every FullStack project is submitted for review and deployed with a working link, and that each repository has a README explaining what it does and how to run it. Write down the questions you want to ask about jobs and freelancing.',
        ],
      },
    ],
  },
};

/** The content of one FullStack step. Callers check access first: this function does not. */
export function fullstackContent(slug: FullstackStepSlug): FullstackStepContent {
  if (!Object.hasOwn(FULLSTACK_CONTENT, slug)) {
    throw new RangeError(`Unknown FullStack step: ${String(slug)}`);
  }
  return FULLSTACK_CONTENT[slug];
}
