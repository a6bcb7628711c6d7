import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { screenWaitMs } from './src/test/waits';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

const here = dirname(fileURLToPath(import.meta.url));

/** The test files that replace a module with `vi.mock`, relative to this folder. */
function testsThatMock(dir = 'src'): string[] {
  return readdirSync(join(here, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(here, path)).isDirectory()) return testsThatMock(path);
    return /\.test\.tsx?$/.test(name) && readFileSync(join(here, path), 'utf8').includes('vi.mock(')
      ? [path]
      : [];
  });
}
const mockingTests = testsThatMock();

/**
 * Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy of every text file of the build, once,
 * so the server sends compressed files without compressing on each request (backend frontend-assets.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // No source maps in the served build: they would publish the sources (decision 0017).
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Vendor code the first screen loads, in a few chunks named by library, so a deploy that changes
        // only the app leaves them cached (immutable, a year). Only modules of the first screen's static
        // graph ($initial) are grouped: a lazily loaded screen's libraries (recharts, papaparse, the
        // dialogs) stay in that screen's chunks and never grow the first download.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 30 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group)[\\/]/,
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
            // The app's own first-screen modules in the entry's company, not in a dozen files of 1 KB
            // (each a request of its own, six at a time over HTTP/1.1).
            { name: 'app', test: /[\\/](frontend[\\/]src|libs)[\\/]/, tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // Twice the waits' limit (src/test/waits.ts), so a slow screen fails on what it did not show.
    testTimeout: 2 * screenWaitMs(),
    // The shared rules from their source, not their build: a build running beside the tests rewrites
    // dist/ (decision 0061).
    alias: { '@portal/shipment-rules': join(here, '../libs/shipment-rules/src/index.ts') },
    // Test files share their processes' module cache (react-admin and MUI are loaded once per process,
    // not once per file: that import was most of the suite's time, decisions 0025 and 0058). A file that
    // replaces a module (vi.mock) would run in a fresh process of its own, so no mock reaches another
    // file; none does now (toasts are read from react-admin's notifications, src/test/toasts.tsx).
    projects: [
      ...(mockingTests.length ? [{ extends: true, test: { name: 'mocks', include: mockingTests } }] : []),
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mockingTests, isolate: false },
      },
    ],
  },
});
