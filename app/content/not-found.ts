/** Words of the Page Not Found screen shown for any unknown path. */

export interface NotFoundPage {
  readonly title: string;
  readonly message: string;
  readonly homeLabel: string;
}

export const notFoundPage = {
  title: 'Page not found',
  message: 'Opppsss, Looks like this page is either not found or not properly loaded.',
  homeLabel: 'Back To Home',
} as const satisfies NotFoundPage;
