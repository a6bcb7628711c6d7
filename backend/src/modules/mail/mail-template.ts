import { outsideText } from '../../common/text/outside-text.js';

/** A link inserted in an email: the bare address in the text part, an anchor in the HTML part. */
export class MailLink {
  constructor(readonly href: string) {}
}

export const link = (href: string) => new MailLink(href);

/** One line of an email, in both parts. */
export class MailLine {
  constructor(
    readonly text: string,
    readonly html: string,
  ) {}
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** A value as inserted: one line whatever it holds (no layout character survives), at most 1,000 characters. */
function inserted(value: string | number): string {
  return outsideText(String(value), 1000);
}

/**
 * One line of an email from a template (decision 0029): the template's own words are kept, every value
 * inserted is put on one line (line breaks and other layout characters become spaces) and, in the HTML
 * part, escaped; a `link()` becomes an anchor. Nothing a value holds can start a line of its own.
 */
export function line(strings: TemplateStringsArray, ...values: Array<string | number | MailLink>): MailLine {
  let text = strings[0]!;
  let html = escapeHtml(strings[0]!);
  values.forEach((v, i) => {
    if (v instanceof MailLink) {
      const href = inserted(v.href);
      text += href;
      html += `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
    } else {
      text += inserted(v);
      html += escapeHtml(inserted(v));
    }
    text += strings[i + 1]!;
    html += escapeHtml(strings[i + 1]!);
  });
  return new MailLine(text, html);
}

/** The blank line between paragraphs. */
export const BLANK = new MailLine('', '');

/** The text and HTML parts of an email made of `lines` (runs of blank lines become one). */
export function mailBody(lines: MailLine[]): { text: string; html: string } {
  const kept = lines.filter((l, i) => !(l.text === '' && lines[i - 1]?.text === ''));
  return {
    text: kept.map((l) => l.text).join('\n'),
    html:
      '<!doctype html><html><body style="font-family:sans-serif;line-height:1.4">' +
      kept.map((l) => (l.text === '' ? '<br>' : `<div>${l.html}</div>`)).join('\n') +
      '</body></html>',
  };
}
