/**
 * The import picture of docs/architecture.md, read from the source with the TypeScript
 * compiler's own parser (type-only and dynamic imports count): no cycle between our modules,
 * no upward import, and no feature module that is one route's HTTP. Also one rule every page
 * with a form keeps: it loads again after a refusal caused by a change of state.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = [...sourceFiles('app'), ...sourceFiles('server'), ...sourceFiles('dev-idp')];
const known = new Set(files);

/**
 * Our module an import names, or undefined for a package, a stylesheet or asset, the built
 * server bundle, or React Router's generated types.
 */
function resolve(from: string, specifier: string): string | undefined {
  if (specifier.includes('/+types/') || /\.(css|svg|png|webp|json|js)(\?|$)|\?/.test(specifier)) {
    return undefined;
  }
  let base: string;
  if (specifier.startsWith('~/')) base = join('app', specifier.slice(2));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => known.has(candidate));
  if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
  return found;
}

const imports = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => resolve(file, fileName) ?? []);
    return [file, [...new Set(targets)]];
  }),
);

const importers = (target: string) => files.filter((file) => imports.get(file)!.includes(target));

describe('the import picture', () => {
  it('reads the whole tree', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('has no cycle between our modules', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const next of imports.get(file)!) {
        if (state.get(next) === 'open') cycles.push([...path, file, next].join(' → '));
        else if (!state.has(next)) visit(next, [...path, file]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('has no upward import: lib and ui import neither features nor content, and only a route (its parent layout’s loader type) imports a route', () => {
    const upward = files.flatMap((file) =>
      imports
        .get(file)!
        .filter(
          (target) =>
            (/^app\/(lib|ui)\//.test(file) && /^app\/(features|content)\//.test(target)) ||
            (target.startsWith('app/routes/') && !file.startsWith('app/routes/')),
        )
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no feature server module that is one route’s HTTP (it answers with react-router and serves that route alone)', () => {
    const handlesHttp = (file: string) =>
      /from 'react-router'/.test(readFileSync(join(ROOT, file), 'utf8'));
    const oneRoutes = files
      .filter((file) => /^app\/features\/.*\.server\.tsx?$/.test(file) && handlesHttp(file))
      .filter((file) => {
        const users = importers(file);
        return users.length === 1 && users[0]!.startsWith('app/routes/');
      })
      .map((file) => relative('app', file));
    expect(oneRoutes).toEqual([]);
  });

  it('has every page with an action load again after a refusal caused by a change of state (revalidateAfterConflict)', () => {
    const source = (file: string) => readFileSync(join(ROOT, file), 'utf8');
    const pagesWithActions = files.filter(
      (file) =>
        file.startsWith('app/routes/') &&
        /export async function action\b/.test(source(file)) &&
        /export default function\b/.test(source(file)),
    );
    expect(pagesWithActions.length).toBeGreaterThan(15);
    const without = pagesWithActions.filter(
      (file) =>
        !source(file).includes(
          "export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';",
        ),
    );
    expect(without).toEqual([]);
  });
});

/**
 * What builds an HTTP answer (decision 077): a Response, React Router's answers, and our
 * helpers that wrap them (a redirect with its toast, a form's refusal). A feature returns
 * data or a typed refusal and its route answers.
 */
const ANSWER_HELPERS: Record<string, readonly string[]> = {
  'react-router': ['data', 'redirect', 'redirectDocument', 'replace'],
  '~/lib/flash.server': ['redirectWithFlash'],
  '~/lib/form.server': ['refuseForm'],
  '~/lib/refusal.server': ['refuseWith'],
  '~/lib/download.server': ['csvDownload', 'deniedDownload', 'guardDownload', 'streamedDownload'],
  '~/lib/event-stream.server': ['changeEventStream'],
};

/** Where each file under `app/features/` builds an HTTP answer, as `file: what`. */
function httpAnswers(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const helpers = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const names = ANSWER_HELPERS[statement.moduleSpecifier.text];
    const bindings = statement.importClause?.namedBindings;
    if (!names || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (names.includes(imported)) helpers.set(element.name.text, imported);
    }
  }
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Response'
    ) {
      found.add('new Response(');
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && helpers.has(callee.text))
        found.add(`${helpers.get(callee.text)}(`);
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'Response'
      ) {
        found.add(`Response.${callee.name.text}(`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found].sort().map((what) => `${relative('app', file)}: ${what}`);
}

/**
 * Feature modules that may still answer, each with its reason. Keep this list short: an
 * entry is a place where the answer is the domain's own, or a file another change owns.
 */
const ANSWERING_FEATURES: Record<string, string> = {
  'features/auth/guards.server.ts':
    'the auth guards every loader and action runs first: a guard ends the request by throwing its 403 (rendered by the route’s ErrorBoundary) or the redirect to /login, which is how React Router lets a call stop a loader; DESIGN §3 names them as what features and routes share',
};

describe('HTTP in routes only', () => {
  it('has no module under app/features/ that builds an HTTP answer (a Response, data(), redirect(), redirectWithFlash(), refuseForm())', () => {
    const answering = files
      .filter((file) => file.startsWith('app/features/'))
      .filter((file) => !(relative('app', file) in ANSWERING_FEATURES))
      .flatMap(httpAnswers);
    expect(answering).toEqual([]);
  });

  it('lists only exceptions that still answer', () => {
    const stale = Object.keys(ANSWERING_FEATURES).filter(
      (file) => httpAnswers(join('app', file)).length === 0,
    );
    expect(stale).toEqual([]);
  });
});

/**
 * Decision 076: no function of `app/` or `server/` is longer than 80 lines, so each reads
 * on one screen. A function's length is its node's span in the source, from the line of its
 * first token (after leading comments) to the line of its last, comments and blank lines
 * inside it included: what a reader scrolls through. A view (a function that returns JSX)
 * is exempt, as are migrations (written once, never read as steps) and tests.
 */
const FUNCTION_MAX_LINES = 80;
/** `file: function`, each with the reason it may stay longer. */
const LONG_FUNCTION_EXCEPTIONS = new Map<string, string>([]);

function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) {
    return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  }
  return '(anonymous)';
}

function returnsJsx(node: ts.FunctionLikeDeclaration): boolean {
  if (!node.body) return false;
  let found = false;
  const visit = (child: ts.Node): void => {
    if (found) return;
    if (ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child) || ts.isJsxFragment(child)) {
      found = true;
      return;
    }
    // JSX inside a nested function is that function's, not this one's.
    if (ts.isFunctionLike(child)) return;
    ts.forEachChild(child, visit);
  };
  if (ts.isBlock(node.body)) {
    const visitReturns = (child: ts.Node): void => {
      if (found) return;
      if (ts.isReturnStatement(child) && child.expression) visit(child.expression);
      else if (!ts.isFunctionLike(child)) ts.forEachChild(child, visitReturns);
    };
    ts.forEachChild(node.body, visitReturns);
  } else visit(node.body);
  return found;
}

/** A module's syntax tree, with parent links (a function's name is read from its parent). */
function parsed(file: string): ts.SourceFile {
  const path = join(ROOT, file);
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
}

function longFunctions(file: string): { key: string; lines: number }[] {
  const source = parsed(file);
  const found: { key: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > FUNCTION_MAX_LINES && !returnsJsx(fn)) {
        found.push({ key: `${file}: ${functionName(fn, source)}`, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length (decision 076)', () => {
  const checked = files.filter(
    (file) => /^(app|server)\//.test(file) && !file.startsWith('app/db/migrations/'),
  );

  it(`has no function over ${FUNCTION_MAX_LINES} lines in app/ or server/ but views, migrations and the listed exceptions`, () => {
    const long = checked
      .flatMap(longFunctions)
      .filter(({ key }) => !LONG_FUNCTION_EXCEPTIONS.has(key))
      .map(({ key, lines }) => `${key} (${lines} lines)`);
    expect(long).toEqual([]);
  });

  it('lists as exceptions only functions that are still long', () => {
    const stillLong = new Set(checked.flatMap(longFunctions).map(({ key }) => key));
    expect([...LONG_FUNCTION_EXCEPTIONS.keys()].filter((key) => !stillLong.has(key))).toEqual([]);
  });
});

/** Every string literal of a module, as the compiler reads it. */
function stringLiterals(file: string): string[] {
  const source = parsed(file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('upload limits (decision 076)', () => {
  const uploadRoutes = files.filter(
    (file) =>
      file.startsWith('app/routes/') &&
      /\breadUpload\(/.test(readFileSync(join(ROOT, file), 'utf8')),
  );

  it('has every route that takes an upload declare its body limit in its handle, and the server name none of their paths', () => {
    expect(uploadRoutes.length).toBeGreaterThan(1);
    const routesConfig = readFileSync(join(ROOT, 'app/routes.ts'), 'utf8');
    const serverLiterals = files
      .filter((file) => file.startsWith('server/'))
      .flatMap(stringLiterals);
    const wrong = uploadRoutes.flatMap((file) => {
      const problems: string[] = [];
      const source = readFileSync(join(ROOT, file), 'utf8');
      if (!/export const handle\b[^;]*\buploadLimit\b/s.test(source)) {
        problems.push(`${file} declares no handle.uploadLimit`);
      }
      const module = relative('app', file);
      const segment = new RegExp(`route\\('([^']+)', '${module}'`).exec(routesConfig)?.[1];
      if (!segment) problems.push(`${file} is not in app/routes.ts`);
      // An address, not a module specifier: a literal that starts with a slash.
      const named = serverLiterals.filter(
        (literal) =>
          literal.startsWith('/') &&
          literal.split('/').some((part) => part.replace(/\.data$/, '') === segment),
      );
      if (named.length) problems.push(`server/ names ${file}'s path: ${named.join(', ')}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});

/**
 * The feature error classes that stay exceptions, each with why (decision 079). A refusal of
 * a person's request is a result, `{ ok: false, reason }`, never a class; the list only shrinks.
 */
const FEATURE_EXCEPTIONS = new Map<string, string>([
  ['EmailTemplateError', 'a template that does not render is a bug'],
  ['InvalidRecipientError', 'queueing a message without a deliverable address is a bug'],
  ['WebhookRejected', 'a request that fails the provider signature check is not a person asking'],
  ['PaystackRefused', 'the provider refusing our call is a failure of the provider'],
  ['UnreadableReceipt', 'an upload that cannot be parsed is a failure of the file'],
]);

/** HTTP words a domain error must not carry. */
const HTTP_FIELDS = new Set(['status', 'statusCode', 'httpStatus', 'code']);

interface ErrorClass {
  key: string;
  name: string;
  httpFields: string[];
}

/** Every class of a module that extends `Error` (or another `…Error`), with its HTTP fields. */
function errorClasses(file: string): ErrorClass[] {
  const source = parsed(file);
  const found: ErrorClass[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassLike(node)) {
      const parent = node.heritageClauses
        ?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
        ?.types[0]?.expression.getText(source);
      if (parent && /Error$/.test(parent)) {
        const name = node.name?.text ?? '(anonymous)';
        const members = node.members.flatMap((member) => {
          if (ts.isConstructorDeclaration(member)) {
            return member.parameters
              .filter((parameter) => ts.getModifiers(parameter)?.length)
              .map((parameter) => parameter.name.getText(source));
          }
          return member.name ? [member.name.getText(source)] : [];
        });
        found.push({
          key: `${file}: ${name}`,
          name,
          httpFields: members.filter((member) => HTTP_FIELDS.has(member)),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('one way to refuse (decision 079)', () => {
  const classes = files.filter((file) => file.startsWith('app/features/')).flatMap(errorClasses);

  it('has no feature error class that carries an HTTP status', () => {
    const withStatus = classes
      .filter(({ httpFields }) => httpFields.length > 0)
      .map(({ key, httpFields }) => `${key} (${httpFields.join(', ')})`);
    expect(withStatus).toEqual([]);
  });

  it('has features declare no error class but the listed exceptions', () => {
    const unlisted = classes
      .filter(({ name }) => !FEATURE_EXCEPTIONS.has(name))
      .map(({ key }) => key);
    expect(unlisted).toEqual([]);
  });

  it('lists as exceptions only classes that still exist', () => {
    const names = new Set(classes.map(({ name }) => name));
    expect([...FEATURE_EXCEPTIONS.keys()].filter((name) => !names.has(name))).toEqual([]);
  });
});
