/**
 * Where the end-to-end server listens. `E2E_PORT` lets two checkouts on one machine run their
 * suites at once without fighting over a port; CI uses the default.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;

/** The end-to-end server's flash-cookie key, so a test can plant a toast it signed. */
export const E2E_COOKIE_SECRET = 'end-to-end-flash-cookie-secret-of-some-length';
