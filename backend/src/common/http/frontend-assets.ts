import type { NextFunction, Request, Response } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { withFirstScreen, type FirstScreenData } from './first-screen-html.js';

/** Content-hashed files (Vite's `assets/`): never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: always revalidated (ETag), so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';
/** The page with a signed-in caller's first-screen data: theirs only, never stored by any cache. */
export const PERSONAL = 'private, no-store';

/** The data a page carries for the caller of this request, or null (signed out: the plain page). */
export type FirstScreenSource = (req: Request, res: Response) => Promise<FirstScreenData | null>;

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

interface Entry {
  file: string;
  /** Precompressed copies written by the build (frontend/vite.config.ts). */
  encodings: Set<'br' | 'gzip'>;
}

/** Every servable file of the build, by URL path; read once at boot (the build does not change at run time). */
function indexBuild(dist: string): Map<string, Entry> {
  const files = new Map<string, Entry>();
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, d.name);
      if (d.name.startsWith('.')) continue;
      if (d.isDirectory()) walk(full);
      else if (!/\.(br|gz|map)$/.test(d.name)) {
        const encodings = new Set<'br' | 'gzip'>();
        for (const e of ENCODINGS) if (existsSync(full + e.suffix)) encodings.add(e.name);
        files.set('/' + relative(dist, full).split(sep).join('/'), { file: full, encodings });
      }
    }
  };
  walk(dist);
  return files;
}

function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    return name!.trim().toLowerCase() === encoding && (!q || Number(q.trim().slice(2)) > 0);
  });
}

/** The page with its first-screen data, compressed as the browser accepts (a few KB: cheap per request). */
function sendPersonalPage(req: Request, res: Response, html: string): void {
  const body = Buffer.from(html);
  const accept = req.headers['accept-encoding'];
  res.setHeader('Cache-Control', PERSONAL);
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  res.type('html');
  if (accepts(accept, 'br')) {
    res.setHeader('Content-Encoding', 'br');
    res.send(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (accepts(accept, 'gzip')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(gzipSync(body, { level: 6 }));
  } else {
    res.send(body);
  }
}

/**
 * Serves the built browser app outside `/api`: hashed assets cached for a year as immutable, index.html
 * (also for every client-side route) revalidated on each load, a Brotli or gzip copy made at build time
 * when the browser accepts it, and no source maps. A missing `assets/` file is a 404, never index.html.
 * With `firstScreen`, a client route opened by a signed-in caller gets the page with that caller's
 * first-screen data in it (never cached); `/index.html` itself stays the plain build file.
 * Null when `dist` holds no build.
 */
export function frontendAssets(
  dist: string,
  options: { firstScreen?: FirstScreenSource } = {},
): ((req: Request, res: Response, next: NextFunction) => void) | null {
  const files = existsSync(dist) ? indexBuild(dist) : new Map<string, Entry>();
  const index = files.get('/index.html');
  if (!index) return null; // not built: the caller warns
  const indexHtml = readFileSync(index.file, 'utf8');
  const { firstScreen } = options;
  return (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.path === '/api' ||
      req.path.startsWith('/api/')
    ) {
      return next();
    }
    let entry = files.get(req.path);
    if (!entry) {
      if (req.path.startsWith('/assets/') || extname(req.path) !== '') return next();
      entry = index; // a client-side route
      if (firstScreen && req.method === 'GET') {
        firstScreen(req, res).then(
          (screen) => {
            if (screen) sendPersonalPage(req, res, withFirstScreen(indexHtml, screen));
            else sendFile(req, res, next, entry!, false);
          },
          (err: unknown) => next(err),
        );
        return;
      }
    }
    sendFile(req, res, next, entry, entry !== index && req.path.startsWith('/assets/'));
  };
}

/** A file of the build as it is on disk, or its precompressed copy. */
function sendFile(req: Request, res: Response, next: NextFunction, entry: Entry, hashed: boolean): void {
  const encoding = ENCODINGS.find(
    (e) => entry.encodings.has(e.name) && accepts(req.headers['accept-encoding'], e.name),
  );
  res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
  res.setHeader('Vary', 'Accept-Encoding');
  res.type(extname(entry.file));
  if (encoding) res.setHeader('Content-Encoding', encoding.name);
  res.sendFile(
    encoding ? entry.file + encoding.suffix : entry.file,
    { cacheControl: false, dotfiles: 'deny' },
    (err) => {
      if (err && !res.headersSent) next(err);
    },
  );
}
