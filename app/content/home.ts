/** Words of the home page: hero, About us, curriculum, FAQ heading and contact strip. */

import { site } from './site';

export interface Hero {
  readonly headline: string;
  readonly welcome: string;
  readonly learnMoreLabel: string;
  readonly enrollLabel: string;
}

export interface AboutSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** Accessible label of the button that loads and plays the video. */
  readonly playLabel: string;
}

export interface Topic {
  readonly name: string;
  readonly detail: string;
}

export interface Track {
  readonly id: 'frontend' | 'fullstack';
  readonly name: string;
  readonly summary: string;
  readonly topics: readonly Topic[];
}

export interface CurriculumSection {
  readonly heading: string;
  readonly intro: string;
  readonly enrollLabel: string;
}

export interface StartCard {
  readonly title: string;
  readonly text: string;
}

export interface FaqSection {
  readonly heading: string;
  readonly intro: string;
}

export interface ContactStrip {
  readonly heading: string;
  readonly text: string;
}

export const hero = {
  headline: 'Become a web developer with our FrontEnd Developer Bootcamp',
  welcome: `Welcome to ${site.name}. Learn to build modern websites and web apps online, in live classes with mentors who answer your questions, at a pace that fits around your job, your studies and your family.`,
  learnMoreLabel: 'Learn More',
  enrollLabel: 'Enroll Now',
} as const satisfies Hero;

export const about = {
  heading: 'About us',
  paragraphs: [
    `${site.name} is an online web development school based in Nigeria. We teach career changers, complete beginners and anyone aged ${site.minimumAge} or older how to build for the web, from a first HTML page to full applications with a database behind them.`,
    'Every learner joins a group that matches what they already know, so nobody waits for the class to catch up and nobody is left behind: you can start right away. Lessons happen in live classes and mentorship sessions, and you never need to quit your job to take part.',
    `With ${site.dailyHours.min} to ${site.dailyHours.max} hours of practice a day, most learners finish in ${site.duration.minMonths} to ${site.duration.maxMonths} months with a portfolio of real projects and a certificate of completion.`,
  ],
  playLabel: `Play video: ${site.aboutVideo.title}`,
} as const satisfies AboutSection;

export const tracks = [
  {
    id: 'frontend',
    name: 'FrontEnd Developer',
    summary:
      'Build the part of the web people see and touch: clean layouts, responsive pages and interactive apps that work on every screen.',
    topics: [
      {
        name: 'HTML/CSS/SASS',
        detail:
          'Structure pages with semantic HTML, style them with CSS and SASS, and make every layout responsive and accessible.',
      },
      {
        name: 'JavaScript',
        detail:
          'Learn the language of the browser: variables, functions, the DOM, events and fetching data, practised through small projects.',
      },
      {
        name: 'React',
        detail:
          'Build fast, maintainable user interfaces from components, state and hooks, then put a finished app online.',
      },
    ],
  },
  {
    id: 'fullstack',
    name: 'FullStack Developer',
    summary:
      'Everything in the FrontEnd track plus the server side: build the APIs and databases behind a complete web application.',
    topics: [
      {
        name: 'NodeJS',
        detail:
          'Run JavaScript on the server, work with files and packages, and understand how a back end handles requests.',
      },
      {
        name: 'Express',
        detail:
          'Design REST APIs with routing, middleware, validation and authentication, and connect them to your React front end.',
      },
      {
        name: 'MongoDB',
        detail:
          'Model, store and query your application data in a document database, and keep it safe and consistent.',
      },
    ],
  },
] as const satisfies readonly Track[];

export const curriculum = {
  heading: 'Our Curriculum',
  intro:
    'Two tracks, one step at a time. Start with the FrontEnd Developer track, or go further with the FullStack Developer track and learn the server and database as well.',
  enrollLabel: 'Enroll Now',
} as const satisfies CurriculumSection;

export const startCard = {
  title: 'Start Now or Later ~ You Decide...',
  text: 'Enroll today and we place you in the next group that matches your current knowledge, or secure your place now and begin when the timing suits you. Either way, you learn online and keep your job.',
} as const satisfies StartCard;

export const faqSection = {
  heading: 'Frequently Asked Questions',
  intro:
    'Answers to the questions we hear most often from future students. Select a question to read the answer.',
} as const satisfies FaqSection;

export const contactStrip = {
  heading: 'Still have a question?',
  text: 'Call us or send us an e-mail and a member of our team will help you choose the right track and plan.',
} as const satisfies ContactStrip;
