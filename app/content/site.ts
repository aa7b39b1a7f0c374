/** Facts about the academy used across the whole public site. */

export interface ContactLink {
  readonly label: string;
  readonly href: string;
  readonly display: string;
}

export interface SocialLink {
  readonly label: string;
  readonly href: string;
}

export interface Site {
  readonly name: string;
  readonly shortName: string;
  readonly tagline: string;
  /** Meta description of the home page, 140-160 characters. */
  readonly description: string;
  /** `href` is a `mailto:` link. */
  readonly email: ContactLink;
  /** `href` is a `tel:` link. */
  readonly phone: ContactLink;
  /** Direct message on Instagram. */
  readonly directMessage: ContactLink;
  /** The academy's postal address, one line each: printed on receipts. */
  readonly postalAddress: readonly string[];
  /** Starts every receipt number: `FDA-000042`. */
  readonly receiptPrefix: string;
  readonly minimumAge: number;
  /** The academy gets back within this many hours after payment is confirmed. */
  readonly followUpHours: number;
  readonly duration: { readonly minMonths: number; readonly maxMonths: number };
  readonly dailyHours: { readonly min: number; readonly max: number };
  /** Typical yearly pay of a junior frontend developer, in US dollars. */
  readonly juniorPay: { readonly min: number; readonly max: number };
  /** YouTube video shown in the About us section through a click-to-load facade. */
  /** `host` is also the one origin the CSP lets the page frame. */
  readonly aboutVideo: { readonly host: string; readonly id: string; readonly title: string };
  readonly social: readonly SocialLink[];
}

export const site = {
  name: 'Frontier Dev Academy',
  shortName: 'Frontier Dev',
  tagline: 'Learn web development online, live, without quitting your job.',
  description:
    'Frontier Dev Academy: an online FrontEnd and FullStack web development bootcamp from Nigeria with live classes, mentorship and a certificate of completion.',
  email: {
    label: 'Send us an e-mail',
    href: 'mailto:hello@frontierdevacademy.com',
    display: 'hello@frontierdevacademy.com',
  },
  phone: {
    label: 'Call us',
    href: 'tel:+2347012345678',
    display: '+234 701 234 5678',
  },
  directMessage: {
    label: 'Message us on Instagram',
    href: 'https://ig.me/m/frontierdevacademy',
    display: '@frontierdevacademy',
  },
  postalAddress: [
    'Frontier Dev Academy Ltd',
    '14 Admiralty Way, Lekki Phase 1',
    'Lagos 106104, Nigeria',
  ],
  receiptPrefix: 'FDA',
  minimumAge: 13,
  followUpHours: 24,
  duration: { minMonths: 6, maxMonths: 9 },
  dailyHours: { min: 1, max: 2 },
  juniorPay: { min: 30000, max: 50000 },
  aboutVideo: {
    host: 'https://www.youtube-nocookie.com',
    id: 'UB1O30fR-EE',
    title: 'Why learn web development with us',
  },
  social: [
    {
      label: 'Frontier Dev Academy on Instagram',
      href: 'https://www.instagram.com/frontierdevacademy',
    },
    { label: 'Frontier Dev Academy on X', href: 'https://x.com/frontierdevacademy' },
  ],
} as const satisfies Site;
