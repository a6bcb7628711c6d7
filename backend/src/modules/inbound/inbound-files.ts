import { createHash } from 'node:crypto';
import { MAX_FILE_BYTES } from '@portal/shipment-rules';
import type { ParsedMail } from 'mailparser';

/** One file of a message: a CSV attachment, or the message's text when it has none. */
export interface InboundFile {
  name: string;
  content: Buffer;
  /** Set when the file is refused before it is read (over the upload limit). */
  refused?: string;
}

/** What a message brings: its files, the attachments that are not CSV, and its dedupe key. */
export interface InboundLetter {
  files: InboundFile[];
  ignored: string[];
  messageId: string;
  attachmentsHash: string;
}

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'text/x-csv']);

function isCsv(a: { filename?: string; contentType: string }): boolean {
  return /\.csv$/i.test(a.filename ?? '') || CSV_TYPES.has(a.contentType.toLowerCase());
}

/** A file name as shown and stored: no path, no control characters, at most 120 characters. */
function cleanName(name: string | undefined, fallback: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  return (base || fallback).slice(0, 120);
}

/**
 * The files of a parsed message (decision 0069): each CSV attachment, or the text body when there is no
 * CSV attachment. The message is known by its Message-ID (the raw message's hash when it has none) and a
 * hash of its files, so the same message delivered twice is taken once, and a message resent with
 * another file is taken again.
 */
export function lettersFiles(mail: ParsedMail, raw: Buffer): InboundLetter {
  const files: InboundFile[] = [];
  const ignored: string[] = [];
  for (const [i, a] of mail.attachments.entries()) {
    const name = cleanName(a.filename, `attachment-${i + 1}.csv`);
    if (!isCsv(a)) {
      ignored.push(name);
      continue;
    }
    files.push(
      a.content.length > MAX_FILE_BYTES
        ? { name, content: Buffer.alloc(0), refused: `The file is over ${MAX_FILE_BYTES / 1024 / 1024} MB` }
        : { name, content: a.content },
    );
  }
  if (files.length === 0 && mail.text?.trim()) {
    files.push({ name: 'message body', content: Buffer.from(mail.text, 'utf8') });
  }
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.name}\0${createHash('sha256').update(f.content).digest('hex')}\0`);
  const messageId =
    mail.messageId?.trim().slice(0, 500) || `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  return { files, ignored, messageId, attachmentsHash: hash.digest('hex') };
}
