import { SIGN_IN_CHANNEL, type SignInResult } from '~/features/auth/sign-in-messages';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The page the sign-in popup lands on. It tells its opener the outcome, with the site's
 * exact origin as the target (and on a same-origin BroadcastChannel, in case the opener
 * reference was lost), then closes. Opened without a popup, it continues in place.
 */
export function popupResultPage(result: SignInResult, origin: string, nonce: string): string {
  const payload = JSON.stringify(result).replace(/</g, '\\u003c');
  const script = `
const result = ${payload};
const origin = ${JSON.stringify(origin)};
try { new BroadcastChannel(${JSON.stringify(SIGN_IN_CHANNEL)}).postMessage(result); } catch {}
if (window.opener && !window.opener.closed) {
  window.opener.postMessage(result, origin);
  window.close();
} else {
  window.location.replace(result.ok ? result.returnTo : '/login');
}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Signing in</title>
</head>
<body>
<main>
<p>${escapeHtml(result.message)}</p>
<p><a href="${escapeHtml(result.ok ? result.returnTo : '/login')}">Continue</a></p>
</main>
<script nonce="${escapeHtml(nonce)}">${script}</script>
</body>
</html>`;
}
