import type { NextFunction, Request, Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** Content-hashed files (Vite's `assets/`): never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: always revalidated (ETag), so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

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

/**
 * Serves the built browser app outside `/api`: hashed assets cached for a year as immutable, index.html
 * (also for every client-side route) revalidated on each load, a Brotli or gzip copy made at build time
 * when the browser accepts it, and no source maps. A missing `assets/` file is a 404, never index.html.
 * Null when `dist` holds no build.
 */
export function frontendAssets(
  dist: string,
): ((req: Request, res: Response, next: NextFunction) => void) | null {
  const files = existsSync(dist) ? indexBuild(dist) : new Map<string, Entry>();
  const index = files.get('/index.html');
  if (!index) return null; // not built: the caller warns
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
    }
    const hashed = entry !== index && req.path.startsWith('/assets/');
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
  };
}
