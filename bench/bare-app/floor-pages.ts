/**
 * The site's documents as React elements, for the framework floor (decision 055): parsed
 * once at start-up, so each request pays React's rendering of the same elements, not parsing.
 * The documents are React's own output (double-quoted attributes, escaped text), so a small
 * parser does; comments (React's markers) are dropped and React writes its own again.
 */
import { createElement, type ReactNode } from 'react';
import { readFileSync } from 'node:fs';
import type { FloorPage } from './app/floor-page';

const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));
/** Elements whose content is not markup: React is given it as inner HTML, as the site does. */
const RAW_TEXT = new Set(['script', 'style']);
/** HTML attribute names React spells otherwise (the rest it writes as they are). */
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  charset: 'charSet',
  'http-equiv': 'httpEquiv',
  tabindex: 'tabIndex',
  crossorigin: 'crossOrigin',
  autocomplete: 'autoComplete',
  maxlength: 'maxLength',
  minlength: 'minLength',
  enctype: 'encType',
  datetime: 'dateTime',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  fetchpriority: 'fetchPriority',
  srcset: 'srcSet',
  inputmode: 'inputMode',
  spellcheck: 'spellCheck',
  referrerpolicy: 'referrerPolicy',
  popovertarget: 'popoverTarget',
};
/** Boolean attributes: present (React writes `=""`) means true. */
const BOOLEAN: Record<string, string> = {
  disabled: 'disabled',
  checked: 'defaultChecked',
  selected: 'selected',
  hidden: 'hidden',
  required: 'required',
  readonly: 'readOnly',
  multiple: 'multiple',
  open: 'open',
  async: 'async',
  defer: 'defer',
  autofocus: 'autoFocus',
  novalidate: 'noValidate',
  nomodule: 'noModule',
  playsinline: 'playsInline',
  muted: 'muted',
  loop: 'loop',
  controls: 'controls',
  autoplay: 'autoPlay',
  inert: 'inert',
  formnovalidate: 'formNoValidate',
};
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return String.fromCodePoint(code);
  });

const styleObject = (text: string) =>
  Object.fromEntries(
    text.split(';').flatMap((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon === -1) return [];
      return [[declaration.slice(0, colon).trim(), decode(declaration.slice(colon + 1).trim())]];
    }),
  );

function propsOf(attributes: string, tag: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [, name, value] of attributes.matchAll(/([^\s"'>/=]+)(?:="([^"]*)")?/g)) {
    if (!name) continue;
    const lower = name.toLowerCase();
    if (lower === 'style') props.style = styleObject(value ?? '');
    else if (lower in BOOLEAN) props[BOOLEAN[lower]!] = true;
    else if (lower === 'value' && tag === 'input') props.defaultValue = decode(value ?? '');
    else props[PROP_NAMES[lower] ?? name] = decode(value ?? '');
  }
  return props;
}

type Node = { tag: string; props: Record<string, unknown>; children: (Node | string)[] };

/** The document's element tree (React's output is well formed: every element is closed). */
function parse(html: string): Node {
  const root: Node = { tag: '#root', props: {}, children: [] };
  const open = [root];
  let at = 0;
  while (at < html.length) {
    const current = open.at(-1)!;
    const lt = html.indexOf('<', at);
    if (lt === -1 || lt > at) {
      const end = lt === -1 ? html.length : lt;
      current.children.push(decode(html.slice(at, end)));
      at = end;
      continue;
    }
    if (html.startsWith('<!--', at)) {
      at = html.indexOf('-->', at) + 3;
    } else if (html[at + 1] === '!') {
      at = html.indexOf('>', at) + 1; // the doctype: React writes its own
    } else if (html[at + 1] === '/') {
      const end = html.indexOf('>', at);
      const tag = html
        .slice(at + 2, end)
        .trim()
        .toLowerCase();
      const index = open.findLastIndex((node) => node.tag === tag);
      if (index > 0) open.length = index;
      at = end + 1;
    } else {
      // The tag ends at the first '>' outside a double-quoted value.
      let end = at + 1;
      for (let quoted = false; end < html.length && (quoted || html[end] !== '>'); end += 1) {
        if (html[end] === '"') quoted = !quoted;
      }
      const inside = html.slice(at + 1, end).replace(/\/$/, '');
      const tag = /^[^\s/>]+/.exec(inside)![0];
      const element: Node = { tag, props: propsOf(inside.slice(tag.length), tag), children: [] };
      current.children.push(element);
      at = end + 1;
      if (RAW_TEXT.has(tag.toLowerCase())) {
        const close = html.toLowerCase().indexOf(`</${tag.toLowerCase()}`, at);
        element.props.dangerouslySetInnerHTML = { __html: html.slice(at, close) };
        at = html.indexOf('>', close) + 1;
      } else if (!VOID.has(tag.toLowerCase())) {
        open.push(element);
      }
    }
  }
  return root;
}

function toReact(node: Node | string): ReactNode {
  if (typeof node === 'string') return node;
  const children = node.children.map(toReact);
  if (node.tag === 'textarea') {
    return createElement(node.tag, { ...node.props, defaultValue: children.join('') });
  }
  return createElement(node.tag, node.props, ...children);
}

/** A captured document as the floor renders it: its shell's attributes, head and body. */
function floorPage(html: string): FloorPage {
  const document = parse(html).children.find((n): n is Node => typeof n !== 'string')!;
  const part = (tag: string) =>
    document.children.find((n): n is Node => typeof n !== 'string' && n.tag === tag);
  const [head, body] = [part('head'), part('body')];
  return {
    htmlProps: document.props,
    head: (head?.children ?? []).map(toReact),
    bodyProps: body?.props ?? {},
    body: (body?.children ?? []).map(toReact),
  };
}

type Captured = { path: string; cookie: string; html: string };
export const floorKey = (path: string, cookie: string) => `${path}\n${cookie}`;

/** The bench's JSON file of captured documents, parsed once: by URL and Cookie header. */
export function floorPages(file: string | undefined): Map<string, FloorPage> {
  if (!file) return new Map();
  const captured = JSON.parse(readFileSync(file, 'utf8')) as Captured[];
  return new Map(captured.map((page) => [floorKey(page.path, page.cookie), floorPage(page.html)]));
}
