/**
 * The ten questions of the home page FAQ. Prices, the naira figure, durations, ages and
 * pay are never written here: they come from `plans`, `bankTransfer` and `site`.
 */

import { formatNaira, formatUsd } from '../lib/format';
import { bankTransfer, planTotal, plans, type BankTransfer, type Plan } from './plans';
import { site } from './site';
import { tracks } from './home';

export interface FaqItem {
  readonly id: number;
  readonly title: string;
  readonly answer: string;
}

function describePlan(plan: Plan): string {
  const price =
    plan.payments > 1
      ? `${formatUsd(plan.amount)} a month for ${plan.payments} months (${formatUsd(planTotal(plan))} in total)`
      : `${formatUsd(plan.amount)} paid once`;
  const saving = plan.discount > 0 ? `, saving you ${formatUsd(plan.discount)}` : '';
  return `${plan.name}: ${price}${saving}`;
}

/** The answer to "How much does it cost?", written from the plans and the bank-transfer figure. */
export function describeFees(allPlans: readonly Plan[], transfer: BankTransfer): string {
  const options = allPlans.map(describePlan).join('; ');
  return (
    `You can pay in US dollars on our Enroll page. ${options}. ` +
    `In ${transfer.country} you can also pay the FrontEnd Bootcamp upfront fee in naira, ${formatNaira(transfer.amountNaira)}, by bank transfer. ` +
    'The fee covers every live class, every mentorship session and your certificate of completion.'
  );
}

function listNames(names: readonly string[]): string {
  const last = names.at(-1);
  if (names.length <= 1 || last === undefined) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${last}`;
}

function describeTopics(): string {
  return tracks
    .map(
      (track) =>
        `The ${track.name} track covers ${listNames(track.topics.map((topic) => topic.name))}.`,
    )
    .join(' ');
}

const { minMonths, maxMonths } = site.duration;
const { min: minHours, max: maxHours } = site.dailyHours;

export const faqItems = [
  {
    id: 1,
    title: 'Who is the bootcamp for, and is there a minimum age?',
    answer: `It is for career changers, complete beginners and anyone aged ${site.minimumAge} or older who wants to build for the web. You do not need any experience: we place you in a group that matches what you already know, so you can start right away.`,
  },
  {
    id: 2,
    title: 'Do I need to quit my job?',
    answer: `No. Classes are online and planned for people who work or study, and ${minHours} to ${maxHours} hours a day is enough to keep up. Many of our students learn in the evening after work.`,
  },
  {
    id: 3,
    title: 'How long does the bootcamp take?',
    answer: `Most students finish in ${minMonths} to ${maxMonths} months. The exact time depends on the group you join and on how much practice you put in between classes.`,
  },
  {
    id: 4,
    title: 'How many hours a day should I study?',
    answer: `Plan for ${minHours} to ${maxHours} hours a day, including live classes, exercises and projects. Steady daily practice teaches you more than a long session once a week.`,
  },
  {
    id: 5,
    title: 'What will I learn?',
    answer: `${describeTopics()} Every step ends with exercises or projects, so you finish with work you can show to employers and clients.`,
  },
  {
    id: 6,
    title: 'Are the classes live? Will I have a mentor?',
    answer: `Yes. You learn in live online classes with your group and in mentorship sessions where you can ask questions, get your code reviewed and get unstuck. If something is unclear between sessions, you can e-mail us at ${site.email.display}.`,
  },
  {
    id: 7,
    title: 'Do I get a certificate?',
    answer: `Yes. When you complete the bootcamp, including its projects, you receive a certificate of completion from ${site.name}. It is presented during the graduation lecture at the end of the course.`,
  },
  {
    id: 8,
    title: 'How much does it cost?',
    answer: describeFees(plans, bankTransfer),
  },
  {
    id: 9,
    title: 'How do I pay?',
    answer: `Choose a plan on the Enroll page and select its payment button: our payment provider's secure page opens in a new tab, and you can pay once or in monthly installments. If you live in ${bankTransfer.country}, you can instead pay in naira: transfer ${formatNaira(bankTransfer.amountNaira)}, the FrontEnd Bootcamp upfront fee, to ${bankTransfer.accountName} at ${bankTransfer.bankName}, then submit the transfer with its receipt in the bank-transfer section of the Enroll page. We get back to you within ${site.followUpHours} hours after your payment is confirmed.`,
  },
  {
    id: 10,
    title: 'What can I earn after the bootcamp?',
    answer: `Junior frontend developers typically earn between ${formatUsd(site.juniorPay.min)} and ${formatUsd(site.juniorPay.max)} a year, depending on the country, the company and whether the role is remote. We cannot promise you a job, but the graduation lecture covers getting hired, freelancing and how to keep growing, and you leave with a portfolio of real projects.`,
  },
] as const satisfies readonly FaqItem[];
