import { describe, expect, it } from 'vitest';
import { readForm } from './read-form.server';

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
