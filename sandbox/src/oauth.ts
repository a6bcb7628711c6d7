import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, HttpError, unauthorized } from './errors.js';
import { escapeHtml, parseLooseBody, readBody, redirect, sendHtml, sendJson } from './http.js';
import { isScope, type SandboxState } from './state.js';
import type {
  FaireRevokeResponse,
  FaireScope,
  FaireTokenResponse,
  SandboxApplicationConfig,
} from './types.js';
import { isObject, type JsonObject } from './util.js';

export const AUTHORIZE_PATH = '/oauth2/authorize';
export const TOKEN_PATH = '/api/external-api-oauth2/token';
export const REVOKE_PATH = '/api/external-api-oauth2/revoke';
export const ALREADY_INSTALLED = 'Application is already installed via an active OAuth access token';

const SCOPE_WORDS: Record<FaireScope, string> = {
  READ_BRAND: 'See your brand profile (name, currency, locale)',
  READ_ORDERS: 'See your orders, their items and shipping addresses',
  WRITE_ORDERS: 'Accept orders and add shipments with tracking numbers',
  READ_SHIPMENTS: 'See shipment details of your orders',
  READ_RETAILER: 'See the names of retailers who order from you',
  READ_PRODUCTS: 'See your products and variants',
  WRITE_PRODUCTS: 'Create and edit your products and variants',
  READ_INVENTORIES: 'See your inventory levels',
  WRITE_INVENTORIES: 'Update your inventory levels',
  READ_REVIEWS: 'See product reviews',
};

interface AuthorizeRequest {
  app: SandboxApplicationConfig;
  scopes: FaireScope[];
  state: string;
  redirectUrl: string;
}

function values(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return [];
}

function splitScopes(raw: string[]): string[] {
  return raw
    .flatMap((s) => s.split(/[\s,]+/))
    .map((s) => s.trim())
    .filter(Boolean);
}

function first(src: JsonObject, ...names: string[]): unknown {
  for (const n of names) if (src[n] !== undefined && src[n] !== null) return src[n];
  return undefined;
}

function validateAuthorize(
  state: SandboxState,
  get: (name: string) => string[],
): AuthorizeRequest | { error: string } {
  const applicationId = get('applicationId')[0];
  const stateParam = get('state')[0];
  const redirectUrl = get('redirectUrl')[0];
  const rawScopes = splitScopes(get('scope'));
  const missing = [
    applicationId ? null : 'applicationId',
    rawScopes.length > 0 ? null : 'scope',
    stateParam ? null : 'state',
    redirectUrl ? null : 'redirectUrl',
  ].filter((x): x is string => x !== null);
  if (missing.length > 0 || !applicationId || !stateParam || !redirectUrl) {
    return { error: `Missing required parameter(s): ${missing.join(', ')}.` };
  }
  const app = state.application(applicationId);
  if (!app) return { error: `Unknown application "${applicationId}".` };
  const unknown = rawScopes.filter((s) => !isScope(s));
  if (unknown.length > 0) return { error: `Unknown scope(s): ${unknown.join(', ')}.` };
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return { error: 'redirectUrl must be an absolute URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: 'redirectUrl must be an http(s) URL.' };
  }
  if (app.redirectUrls && !app.redirectUrls.some((allowed) => redirectUrl.startsWith(allowed))) {
    return { error: `redirectUrl is not registered for ${app.name}.` };
  }
  return {
    app,
    scopes: [...new Set(rawScopes)] as FaireScope[],
    state: stateParam,
    redirectUrl: redirectUrl,
  };
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#f6f4ef;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#222}
.card{background:#fff;max-width:460px;width:calc(100% - 32px);margin:32px 16px;padding:32px;border-radius:12px;
box-shadow:0 1px 3px rgba(0,0,0,.08),0 8px 24px rgba(0,0,0,.06)}
.badge{display:inline-block;font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#6b5e4b;
background:#efe9dd;border-radius:999px;padding:2px 10px;margin-bottom:12px}
h1{font-size:22px;margin:0 0 8px}p{margin:0 0 12px}ul{margin:0 0 20px;padding-left:20px}li{margin:4px 0}
fieldset{border:1px solid #e4ded2;border-radius:8px;padding:8px 12px;margin:0 0 20px}
legend{font-size:13px;color:#6b5e4b;padding:0 4px}
label.brand{display:flex;align-items:center;gap:10px;padding:8px 0;cursor:pointer}
label.brand small{color:#888;margin-left:auto;font-family:ui-monospace,Menlo,monospace}
.actions{display:flex;gap:12px;justify-content:flex-end}
button{font:inherit;padding:10px 20px;border-radius:8px;border:1px solid #222;cursor:pointer}
button.primary{background:#222;color:#fff;order:2}button.secondary{background:#fff;color:#222;order:1}
button:focus-visible{outline:3px solid #c9b27c;outline-offset:2px}
.fine{font-size:12px;color:#777;margin-top:20px}code{font-family:ui-monospace,Menlo,monospace}
.error{color:#9b1c1c}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="card">
<div class="badge">Faire sandbox</div>
${body}
</main>
</body>
</html>
`;
}

function errorPage(message: string): string {
  return page(
    'Faire sandbox – Authorization error',
    `<h1>Authorization error</h1>
<p class="error" id="error-message">${escapeHtml(message)}</p>
<p class="fine">Check the authorize link: it needs applicationId, scope, state and redirectUrl.</p>`,
  );
}

function authorizePage(req: AuthorizeRequest, state: SandboxState, action: string): string {
  const app = escapeHtml(req.app.name);
  const scopes = req.scopes.map((s) => `<li data-scope="${s}">${escapeHtml(SCOPE_WORDS[s])}</li>`).join('\n');
  const brands = state.brands
    .map(
      (b, i) =>
        `<label class="brand"><input type="radio" name="brandId" value="${escapeHtml(b.brandId)}"${i === 0 ? ' checked' : ''}>
<span>${escapeHtml(b.name)}</span><small>${escapeHtml(b.brandId)}</small></label>`,
    )
    .join('\n');
  let host = req.redirectUrl;
  try {
    host = new URL(req.redirectUrl).host;
  } catch {
    // validated before
  }
  const hidden = (name: string, value: string): string =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return page(
    `Faire sandbox – Authorize ${req.app.name}`,
    `<h1>Authorize ${app}</h1>
<p><strong>${app}</strong> wants to connect to your Faire brand. It will be able to:</p>
<ul class="scopes">
${scopes}
</ul>
<form method="post" action="${escapeHtml(action)}">
${hidden('applicationId', req.app.applicationId)}
${hidden('scope', req.scopes.join(','))}
${hidden('state', req.state)}
${hidden('redirectUrl', req.redirectUrl)}
<fieldset>
<legend>Brand to connect</legend>
${brands}
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="approve" class="primary" id="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="secondary" id="deny">Deny</button>
</div>
</form>
<p class="fine">You will be sent back to <code>${escapeHtml(host)}</code>. This is a local Faire sandbox: no real Faire account is involved.</p>`,
  );
}

export async function handleAuthorize(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: SandboxState,
  publicUrl: string,
): Promise<void> {
  if (req.method === 'GET') {
    const parsed = validateAuthorize(state, (n) => url.searchParams.getAll(n));
    if ('error' in parsed) {
      sendHtml(res, 400, errorPage(parsed.error));
      return;
    }
    sendHtml(res, 200, authorizePage(parsed, state, `${publicUrl}${AUTHORIZE_PATH}`));
    return;
  }
  if (req.method !== 'POST') {
    sendJson(res, 405, { message: `Method ${req.method ?? ''} not allowed` }, { Allow: 'GET, POST' });
    return;
  }
  const body = parseLooseBody(req, await readBody(req));
  const form = isObject(body) ? body : {};
  const parsed = validateAuthorize(state, (n) => values(form[n]));
  if ('error' in parsed) {
    sendHtml(res, 400, errorPage(parsed.error));
    return;
  }
  const decision = values(form.decision)[0];
  const target = new URL(parsed.redirectUrl);
  if (decision === 'deny') {
    target.searchParams.delete('authorizationCode');
    target.searchParams.set('state', parsed.state);
    target.searchParams.set('error', 'access_denied');
    redirect(res, target.toString());
    return;
  }
  if (decision !== 'approve') {
    sendHtml(res, 400, errorPage('decision must be approve or deny.'));
    return;
  }
  const brandId = values(form.brandId)[0] ?? state.brands[0]?.brandId;
  const brand = brandId === undefined ? undefined : state.resolveBrand(brandId);
  if (!brand) {
    sendHtml(res, 400, errorPage('Choose a brand to connect.'));
    return;
  }
  const code = state.issueCode(parsed.app.applicationId, brand.brandId, parsed.redirectUrl, parsed.scopes);
  target.searchParams.set('authorizationCode', code);
  target.searchParams.set('state', parsed.state);
  redirect(res, target.toString());
}

function appFromBody(state: SandboxState, body: JsonObject): SandboxApplicationConfig {
  const id = first(body, 'application_token', 'applicationToken', 'applicationId', 'application_id');
  const secret = first(body, 'application_secret', 'applicationSecret');
  const app = typeof id === 'string' ? state.application(id) : undefined;
  if (!app || typeof secret !== 'string' || secret !== app.applicationSecret) {
    throw unauthorized('Invalid application credentials.');
  }
  return app;
}

export async function handleToken(
  req: IncomingMessage,
  res: ServerResponse,
  state: SandboxState,
): Promise<void> {
  const body = parseLooseBody(req, await readBody(req));
  if (!isObject(body)) throw badRequest('Request body must be a JSON object.');
  const app = appFromBody(state, body);
  const grant = first(body, 'grant_type', 'grantType');
  if (typeof grant !== 'string' || grant.toUpperCase() !== 'AUTHORIZATION_CODE') {
    throw badRequest('grant_type must be AUTHORIZATION_CODE.');
  }
  const codeValue = first(body, 'authorization_code', 'authorizationCode');
  if (typeof codeValue !== 'string' || codeValue === '') throw badRequest('authorization_code is required.');
  const code = state.codes.get(codeValue);
  if (!code || code.applicationId !== app.applicationId) {
    throw badRequest('The authorization code is invalid.');
  }
  if (code.used) throw badRequest('The authorization code has already been used.');
  if (Date.parse(code.expiresAt) <= state.clock.nowMs()) {
    throw badRequest('The authorization code has expired.');
  }
  const redirectUrl = first(body, 'redirect_url', 'redirectUrl');
  if (redirectUrl !== code.redirectUrl) {
    throw badRequest('redirect_url does not match the redirectUrl used to authorize.');
  }
  const scopeRaw = first(body, 'scope', 'scopes');
  const scopes = new Set(splitScopes(values(scopeRaw)));
  if (scopes.size === 0) throw badRequest('scope is required.');
  const granted = new Set<string>(code.scopes);
  if (scopes.size !== granted.size || [...scopes].some((s) => !granted.has(s))) {
    throw badRequest('scope does not match the scopes that were authorized.');
  }
  // Faire keeps one live OAuth token per application and brand: the old one must be revoked first.
  if (state.activeToken(app.applicationId, code.brandId)) {
    throw badRequest(ALREADY_INSTALLED);
  }
  const token = state.issueToken(code);
  const answer: FaireTokenResponse = { access_token: token, token_type: 'BEARER' };
  sendJson(res, 200, answer);
}

export async function handleRevoke(
  req: IncomingMessage,
  res: ServerResponse,
  state: SandboxState,
): Promise<void> {
  const body = parseLooseBody(req, await readBody(req));
  if (!isObject(body)) throw badRequest('Request body must be a JSON object.');
  const app = appFromBody(state, body);
  const value = first(body, 'access_token_o_auth', 'accessTokenOAuth', 'access_token');
  if (typeof value !== 'string' || value === '') throw badRequest('access_token_o_auth is required.');
  const token = state.tokens.get(value);
  if (!token || token.applicationId !== app.applicationId) {
    throw new HttpError(400, 'The OAuth access token is unknown for this application.');
  }
  state.revokeToken(token);
  const answer: FaireRevokeResponse = { success: 'true' };
  sendJson(res, 200, answer);
}
