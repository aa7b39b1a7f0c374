import { describe, it, expect } from 'vitest';
import { notFoundPage } from './not-found';

describe('notFoundPage', () => {
  it('uses the spec wording', () => {
    expect(notFoundPage.message).toBe(
      'Opppsss, Looks like this page is either not found or not properly loaded.',
    );
    expect(notFoundPage.homeLabel).toBe('Back To Home');
    expect(notFoundPage.title).toBe('Page not found');
  });
});
