// COPY ... FROM STDIN with plain `pg` (no pg-copy-streams): a minimal "submittable" that answers the
// server's CopyInResponse with the data in chunks, then CopyDone. pg's Client drives any object with
// submit()/handle*() methods; this is the same protocol pg-copy-streams speaks.
class CopyIn {
  constructor(sql, chunks) {
    this.text = sql;
    this.chunks = chunks;
    this.rowCount = null;
    this.error = null;
    this.promise = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
  submit(connection) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection) {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }
  handleCommandComplete(msg) {
    const m = /COPY (\d+)/.exec(msg.text ?? '');
    if (m) this.rowCount = Number(m[1]);
  }
  handleReadyForQuery() {
    if (this.error) this.reject(this.error);
    else this.resolve(this.rowCount);
  }
  handleError(err) {
    // The data is sent in one go, so the server's error is followed by ReadyForQuery, which settles.
    this.error = err;
  }
  handleEmptyQuery() {}
  handleRowDescription() {}
  handleDataRow() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

/** Escapes one value for COPY's text format (\N for null). */
export function copyValue(v) {
  if (v === null || v === undefined) return '\\N';
  const s = String(v);
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : s;
}

/** Builds COPY text data from rows (arrays of values), in ~1 MB Buffers. */
export function copyChunks(rows) {
  const chunks = [];
  let parts = [];
  let size = 0;
  for (const row of rows) {
    const line = `${row.map(copyValue).join('\t')}\n`;
    parts.push(line);
    size += line.length;
    if (size >= 1 << 20) {
      chunks.push(Buffer.from(parts.join('')));
      parts = [];
      size = 0;
    }
  }
  if (parts.length) chunks.push(Buffer.from(parts.join('')));
  return chunks;
}

/** COPY table (columns) FROM STDIN of `rows` on a connected pg Client; answers the row count. */
export async function copyRows(client, table, columns, rows) {
  const q = new CopyIn(`COPY ${table} (${columns.join(', ')}) FROM STDIN`, copyChunks(rows));
  client.query(q);
  return q.promise;
}
