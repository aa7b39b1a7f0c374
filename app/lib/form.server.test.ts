import { describe, expect, it } from 'vitest';
import { z } from '~/lib/zod';
import { FORM_UNREADABLE } from './form-fields';
import { parseFields, parseForm, readForm } from './form.server';

const post = (body: BodyInit, type?: string) =>
  new Request('http://localhost/x', {
    method: 'POST',
    body,
    headers: type ? { 'Content-Type': type } : {},
  });

describe('readForm', () => {
  it('reads url-encoded and multipart forms', async () => {
    expect(
      (await readForm(post('access=none', 'application/x-www-form-urlencoded')))?.get('access'),
    ).toBe('none');
    const multipart = new FormData();
    multipart.set('cohort', 'cohort-1');
    expect(
      (await readForm(new Request('http://localhost/x', { method: 'POST', body: multipart })))?.get(
        'cohort',
      ),
    ).toBe('cohort-1');
  });

  it('refuses what is not a form', async () => {
    expect(await readForm(post('access=none&cohort=none', 'text/plain'))).toBeNull();
    expect(await readForm(post('{"access":"none"}', 'application/json'))).toBeNull();
    expect(await readForm(post('--x\r\nbroken', 'multipart/form-data; boundary=x'))).toBeNull();
    // A string body without a type is sent as text/plain.
    expect(await readForm(post('access=none'))).toBeNull();
  });
});

describe('parseForm', () => {
  const schema = z.discriminatedUnion(
    'intent',
    [
      z.object({ intent: z.literal('save'), name: z.string().min(2, 'Enter a name.') }),
      z.object({
        intent: z.literal('tag'),
        tags: z.array(z.string()).min(2, 'Choose two tags.'),
      }),
    ],
    { error: 'Choose an action.' },
  );
  const form = (entries: [string, string | Blob][]) => {
    const body = new FormData();
    for (const [name, value] of entries) body.append(name, value);
    return body;
  };

  it('gives the checked data, a field sent twice as an array', async () => {
    const saved = parseFields(
      form([
        ['intent', 'save'],
        ['name', 'Ada'],
      ]),
      schema,
    );
    expect(saved.ok && saved.data).toEqual({ intent: 'save', name: 'Ada' });
    const tagged = parseFields(
      form([
        ['intent', 'tag'],
        ['tags', 'a'],
        ['tags', 'b'],
      ]),
      schema,
    );
    expect(tagged.ok && tagged.data).toEqual({ intent: 'tag', tags: ['a', 'b'] });
  });

  it('gives one message per field, the intent as the form’s, and what was typed', () => {
    const refused = parseFields(
      form([
        ['intent', 'save'],
        ['name', 'A'],
        ['photo', new Blob(['x'])],
      ]),
      schema,
    );
    expect(refused).toEqual({
      ok: false,
      errors: { fieldErrors: { name: 'Enter a name.' }, values: { intent: 'save', name: 'A' } },
    });
    const tampered = parseFields(form([['intent', 'delete-everything']]), schema);
    expect(tampered.ok || tampered.errors.formError).toBe('Choose an action.');
  });

  it('refuses a body that is not a form with the one unreadable-form message', async () => {
    const refused = await parseForm(post('{"intent":"save"}', 'application/json'), schema);
    expect(refused).toEqual({
      ok: false,
      errors: { formError: FORM_UNREADABLE, fieldErrors: {}, values: {} },
    });
  });
});
