import { describe, expect, it } from 'vitest';
import { LINK_MAX, LINK_MESSAGES } from '~/lib/form-fields';
import { parseFields } from '~/lib/form.server';
import {
  APPROVE,
  FEEDBACK_MAX,
  NOTE_MAX,
  PROJECT_MESSAGES,
  REQUEST_CHANGES,
  reviewProjectSchema,
  SUBMIT,
  submitProjectSchema,
} from './project-forms';

const form = (fields: Record<string, string | string[]>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const each of [value].flat()) body.append(name, each);
  }
  return body;
};

const submission = {
  intent: SUBMIT,
  projectId: 'personal-profile-page',
  repositoryUrl: 'https://github.com/ada/profile',
  liveUrl: '',
  note: '',
};
const submitErrors = (fields: Record<string, string | string[]>) => {
  const parsed = parseFields(form({ ...submission, ...fields }), submitProjectSchema);
  if (parsed.ok) throw new Error('accepted');
  return parsed.errors;
};

describe('the submit form', () => {
  it('takes https links and a note, trimmed; an empty live link is none', () => {
    const parsed = parseFields(
      form({
        ...submission,
        repositoryUrl: '  https://github.com/ada/profile ',
        note: '  Line one\nline two  ',
      }),
      submitProjectSchema,
    );
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        intent: SUBMIT,
        projectId: 'personal-profile-page',
        repositoryUrl: 'https://github.com/ada/profile',
        liveUrl: null,
        note: 'Line one\nline two',
      },
    });
    const live = parseFields(
      form({ ...submission, liveUrl: 'https://ada.github.io/profile/' }),
      submitProjectSchema,
    );
    expect(live.ok && live.data.liveUrl).toBe('https://ada.github.io/profile/');
  });

  it('refuses a missing or non-https repository link with its message', () => {
    for (const repositoryUrl of [
      '',
      '   ',
      'github.com/ada/profile',
      'http://github.com/ada/profile',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://',
      'https://github.com/ada/my profile',
    ]) {
      expect(submitErrors({ repositoryUrl }).fieldErrors, repositoryUrl).toEqual({
        repositoryUrl: PROJECT_MESSAGES.repositoryUrl,
      });
    }
    expect(submitErrors({ liveUrl: 'ftp://ada.example/' }).fieldErrors).toEqual({
      liveUrl: PROJECT_MESSAGES.liveUrl,
    });
  });

  it('refuses credentials in a link, and links or notes over the limits', () => {
    expect(
      submitErrors({ repositoryUrl: 'https://ada:secret@github.com/ada/p' }).fieldErrors,
    ).toEqual({ repositoryUrl: LINK_MESSAGES.credentials });
    expect(submitErrors({ liveUrl: 'https://token@ada.example/' }).fieldErrors).toEqual({
      liveUrl: LINK_MESSAGES.credentials,
    });
    const long = `https://github.com/${'a'.repeat(LINK_MAX)}`;
    expect(submitErrors({ repositoryUrl: long, liveUrl: long }).fieldErrors).toEqual({
      repositoryUrl: LINK_MESSAGES.tooLong,
      liveUrl: LINK_MESSAGES.tooLong,
    });
    expect(submitErrors({ note: 'x'.repeat(NOTE_MAX + 1) }).fieldErrors).toEqual({
      note: PROJECT_MESSAGES.noteTooLong,
    });
    expect(submitErrors({ note: 'x'.repeat(1_000_000) }).fieldErrors).toEqual({
      note: PROJECT_MESSAGES.noteTooLong,
    });
    // Exactly at the limit is fine.
    expect(
      parseFields(form({ ...submission, note: 'x'.repeat(NOTE_MAX) }), submitProjectSchema).ok,
    ).toBe(true);
  });

  it('refuses a tampered form: no intent, fields sent twice, control characters', () => {
    expect(submitErrors({ intent: 'delete-everything' }).formError).toBe(PROJECT_MESSAGES.intent);
    const withoutIntent = parseFields(
      form({ projectId: 'weather-app', repositoryUrl: 'https://github.com/a/b' }),
      submitProjectSchema,
    );
    expect(withoutIntent.ok || withoutIntent.errors.formError).toBe(PROJECT_MESSAGES.intent);
    expect(
      submitErrors({ repositoryUrl: ['https://github.com/a/b', 'https://github.com/a/c'] })
        .fieldErrors,
    ).toEqual({ repositoryUrl: PROJECT_MESSAGES.repositoryUrl });
    expect(submitErrors({ projectId: '' }).fieldErrors).toEqual({
      projectId: PROJECT_MESSAGES.project,
    });
    expect(submitErrors({ note: 'null \u0000 byte' }).fieldErrors).toEqual({
      note: PROJECT_MESSAGES.intent,
    });
    expect(submitErrors({ repositoryUrl: 'https://github.com/a/b\u0000' }).fieldErrors).toEqual({
      repositoryUrl: PROJECT_MESSAGES.repositoryUrl,
    });
  });
});

describe('the review form', () => {
  const review = (fields: Record<string, string>) => parseFields(form(fields), reviewProjectSchema);

  it('approves with or without feedback, and keeps the feedback’s line breaks', () => {
    expect(review({ intent: APPROVE })).toMatchObject({
      ok: true,
      data: { intent: APPROVE, feedback: '' },
    });
    expect(
      review({ intent: REQUEST_CHANGES, feedback: ' Fix this.\n\nThen that. ' }),
    ).toMatchObject({
      ok: true,
      data: { intent: REQUEST_CHANGES, feedback: 'Fix this.\n\nThen that.' },
    });
  });

  it('requires feedback to request changes, within its limit', () => {
    for (const feedback of [undefined, '', ' \n\t ']) {
      const parsed = review({
        intent: REQUEST_CHANGES,
        ...(feedback === undefined ? {} : { feedback }),
      });
      expect(parsed.ok || parsed.errors.fieldErrors).toEqual({
        feedback: PROJECT_MESSAGES.feedbackRequired,
      });
    }
    const long = review({ intent: APPROVE, feedback: 'x'.repeat(FEEDBACK_MAX + 1) });
    expect(long.ok || long.errors.fieldErrors).toEqual({
      feedback: PROJECT_MESSAGES.feedbackTooLong,
    });
  });

  it('refuses an unknown button', () => {
    for (const intent of [undefined, 'approve-all', SUBMIT]) {
      const parsed = review({ ...(intent ? { intent } : {}), feedback: 'Fine.' });
      expect(parsed.ok || parsed.errors.formError).toBe(PROJECT_MESSAGES.intent);
    }
  });
});
