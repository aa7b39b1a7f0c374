/** Words of the Payment Successful page (/success). */

import { site } from './site';

export interface SuccessPage {
  readonly heading: string;
  /** Says the payment was successful and that the academy gets back within 24hrs. */
  readonly message: string;
  readonly nextSteps: readonly string[];
  readonly homeLabel: string;
}

export const successPage = {
  heading: 'Payment Successful',
  message: `Thank you! Your payment was successful and your place at ${site.name} is being prepared. We will get back to you within ${site.followUpHours}hrs with your group, your class schedule and everything you need to begin.`,
  nextSteps: [
    `Watch your inbox, and your spam folder, for an e-mail from ${site.email.display}.`,
    'Sign in with Google using the e-mail address you will use for your classes, so we can give you access to the course pages.',
    'If you paid by bank transfer, submit it with its receipt in the bank-transfer section of the Enroll page: your course page then shows where it stands.',
    `Not heard from us within ${site.followUpHours} hours? Call ${site.phone.display} or send us a message on Instagram.`,
  ],
  homeLabel: 'Back To Home',
} as const satisfies SuccessPage;
