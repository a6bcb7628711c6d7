// Loaded with `node --import` into a worker process under test: moves the process's clock (Date and
// Date.now) by the number of milliseconds written in the file named by MOVED_CLOCK_FILE. The test
// rewrites the file to jump every such process forward together; timers (setTimeout) are not moved.
import { readFileSync } from 'node:fs';

const file = process.env.MOVED_CLOCK_FILE;
const RealDate = globalThis.Date;
const realNow = RealDate.now.bind(RealDate);
let offset = 0;

function read() {
  try {
    offset = Number(readFileSync(file, 'utf8').trim()) || 0;
  } catch {
    // keep the last offset
  }
}

if (file) {
  read();
  setInterval(read, 100).unref();
  class MovedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + offset);
      else super(...args);
    }
    static now() {
      return realNow() + offset;
    }
  }
  globalThis.Date = MovedDate;
}
