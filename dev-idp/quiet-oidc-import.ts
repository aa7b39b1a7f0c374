/**
 * oidc-provider prints "Unsupported runtime" on import when Node.js is older than 22 LTS.
 * The project runs on Node.js 20 and the provider is only a development tool, so this
 * module, imported immediately before 'oidc-provider', drops that one notice until
 * restoreConsoleWarn() is called. Every other warning is passed through.
 */
const originalWarn = console.warn;

function filteredWarn(...args: unknown[]): void {
  if (
    typeof args[0] === 'string' &&
    args[0].includes('oidc-provider WARNING: Unsupported runtime')
  ) {
    return;
  }
  originalWarn.apply(console, args);
}

console.warn = filteredWarn;

export function restoreConsoleWarn(): void {
  if (console.warn === filteredWarn) console.warn = originalWarn;
}
