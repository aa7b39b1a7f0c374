import type * as DevProviderModule from './provider.server.ts';

/**
 * Loads the local provider (and oidc-provider with it) on demand: only a server without
 * Google credentials, at its first request to the provider, pays for it in time and memory.
 *
 * oidc-provider prints "Unsupported runtime" on import when Node.js is older than 22 LTS.
 * The project runs on Node.js 20 and the provider is only a development stand-in, so that
 * one notice is dropped while the module loads; every other warning is passed through.
 */
export async function loadDevProvider(): Promise<typeof DevProviderModule> {
  const originalWarn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (
      typeof args[0] === 'string' &&
      args[0].includes('oidc-provider WARNING: Unsupported runtime')
    ) {
      return;
    }
    originalWarn.apply(console, args);
  };
  try {
    return await import('./provider.server.ts');
  } finally {
    console.warn = originalWarn;
  }
}
