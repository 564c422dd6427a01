import { PRODUCT_NAME } from '@predict/shared';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Inline styles only (the CSP allows style-src 'unsafe-inline'); no scripts at all.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f8;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2933}
main{width:100%;max-width:360px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12);padding:32px}
h1{margin:0 0 4px;font-size:1.75rem;color:#0b5394}
h2{margin:0 0 16px;font-size:1rem;font-weight:500;color:#52606d}
.note{background:#eef4fb;border-left:4px solid #0b5394;padding:8px 12px;margin:0 0 16px;font-size:.9rem}
.error{background:#fdecea;border-left:4px solid #c62828;color:#8e1c1c;padding:8px 12px;margin:0 0 16px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;padding:8px 10px;border:1px solid #9aa5b1;border-radius:4px;font-size:1rem}
input:focus{outline:2px solid #0b5394;outline-offset:1px}
button,.button{display:block;width:100%;margin-top:20px;padding:10px;border:0;border-radius:4px;background:#0b5394;
color:#fff;font-size:1rem;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:#073763}
`;

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(PRODUCT_NAME)}</h1>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageOptions {
  action: string;
  username?: string;
  error?: string;
}

/** The built-in provider's sign-in form. */
export function loginPage({ action, username = '', error }: LoginPageOptions): string {
  return page(
    'Sign in',
    `<h2>Sign in</h2>
<p class="note">Demo sign-in: users planner, viewer, admin</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required${username ? '' : ' autofocus'} value="${escapeHtml(username)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** A message with a way forward, for expired sign-ins and provider errors. */
export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `<h2>${escapeHtml(title)}</h2>
<p>${escapeHtml(message)}</p>
${link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}`,
  );
}

/** Confirmation page of the provider's own end-session endpoint (the app's logout does not use it). */
export function logoutConfirmPage(form: string): string {
  return page(
    'Sign out',
    `<h2>Sign out</h2>
<p>Do you want to sign out of ${escapeHtml(PRODUCT_NAME)}?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  );
}
