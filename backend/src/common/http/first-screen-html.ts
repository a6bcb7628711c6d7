import { createHash } from 'node:crypto';

/** What a page carries for its first screen (decision 0042): answers by API path, and paths to start. */
export interface FirstScreenData {
  /** GET answers the app would otherwise ask for first, by path; the app seeds its query cache with them. */
  data: Record<string, unknown>;
  /** Same-origin GET paths the page starts at once, before its scripts load; the app takes each answer once. */
  prefetch: string[];
}

export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/**
 * The one inline script of the page: starts the prefetch requests while the scripts download and keeps
 * the pending answers for the app (frontend/src/api/firstScreen.ts). Constant text, allowed by its hash in
 * the Content-Security-Policy; the data travels in a JSON block, which is never executed.
 */
export const FIRST_SCREEN_SCRIPT =
  '(function(){var e=document.getElementById("first-screen");if(!e)return;try{' +
  'var b=JSON.parse(e.textContent),p={};(b.prefetch||[]).forEach(function(u){' +
  'if(typeof u!=="string"||u.indexOf("/api/")!==0)return;' +
  'p[u]=fetch(u,{credentials:"same-origin",headers:{"X-Requested-With":"fetch",Accept:"application/json"}});' +
  'p[u].catch(function(){})});window.__FIRST_SCREEN__={data:b.data||{},pending:p}}catch(x){}})();';

/** The CSP source that allows FIRST_SCREEN_SCRIPT and nothing else inline. */
export const FIRST_SCREEN_SCRIPT_CSP = `'sha256-${createHash('sha256').update(FIRST_SCREEN_SCRIPT).digest('base64')}'`;

/**
 * JSON safe inside a <script> element: "<" is escaped everywhere, so no value ("</script>", "<!--") can
 * end the element early; U+2028/2029 too, for old parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html with the first-screen data and its script, placed before the page's first script (after
 * its charset and title), so they run before any module; at the end of <head> when it has none.
 */
export function withFirstScreen(html: string, screen: FirstScreenData): string {
  const block =
    `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptSafeJson(screen)}</script>` +
    `<script>${FIRST_SCREEN_SCRIPT}</script>`;
  const script = html.search(/<script\b/i);
  const headEnd = html.search(/<\/head>/i);
  const at = script >= 0 ? script : headEnd >= 0 ? headEnd : 0;
  return html.slice(0, at) + block + html.slice(at);
}
