/** Page titles, meta descriptions and schema.org JSON-LD for the public pages. */

import { tracks } from './home';
import { plans } from './plans';
import { site } from './site';

export type PublicPath = '/' | '/enroll' | '/success' | '/login';

export interface PageSeo {
  /** Document title, at most 60 characters. */
  readonly title: string;
  /** Meta description, 140-160 characters. */
  readonly description: string;
}

export const pageSeo = {
  '/': {
    title: `${site.name} | Online Web Development Bootcamp`,
    description: site.description,
  },
  '/enroll': {
    title: `Enroll Now: Plans and Fees | ${site.shortName}`,
    description:
      'Compare FrontEnd and FullStack bootcamp plans: pay upfront and save, or spread the fee over three monthly installments. Bank transfer available in Nigeria.',
  },
  '/success': {
    title: `Payment Successful | ${site.shortName}`,
    description: `Your payment to ${site.name} was successful. We will get back to you within ${site.followUpHours} hours with your group, your class schedule and your next steps.`,
  },
  '/login': {
    title: `Login | ${site.shortName}`,
    description: `Sign in to ${site.name} with your Google account to open the FrontEnd course pages and follow the bootcamp roadmap step by step, from HTML to React.`,
  },
} as const satisfies Record<PublicPath, PageSeo>;

function baseUrl(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** schema.org EducationalOrganization describing the academy. */
export function organizationJsonLd(origin: string) {
  const base = baseUrl(origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: site.name,
    alternateName: site.shortName,
    description: site.description,
    url: `${base}/`,
    email: site.email.display,
    telephone: site.phone.href.replace(/^tel:/, ''),
    logo: `${base}/icons/icon-512.png`,
    address: { '@type': 'PostalAddress', addressCountry: 'NG' },
    sameAs: site.social.map((link) => link.href),
  } as const;
}

/** Two schema.org Course objects, FrontEnd Developer and FullStack Developer, priced from the upfront plans. */
export function courseJsonLd(origin: string) {
  const base = baseUrl(origin);
  return tracks.map((track) => {
    const upfront = plans.find((plan) => plan.theme === track.id && plan.payments === 1);
    if (!upfront) {
      throw new Error(`No upfront plan for the ${track.id} track`);
    }
    return {
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: track.name,
      description: track.summary,
      url: `${base}/enroll`,
      inLanguage: 'en',
      teaches: track.topics.map((topic) => topic.name),
      provider: {
        '@type': 'EducationalOrganization',
        name: site.name,
        sameAs: `${base}/`,
      },
      offers: {
        '@type': 'Offer',
        category: 'Paid',
        price: upfront.amount,
        priceCurrency: 'USD',
        url: `${base}/enroll`,
      },
      hasCourseInstance: {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseSchedule: {
          '@type': 'Schedule',
          duration: `PT${site.dailyHours.max}H`,
          repeatFrequency: 'Daily',
        },
      },
    } as const;
  });
}
