import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import { loadConfig } from './common/config/index.js';
import { openApiDocument } from './common/http/openapi.js';

/**
 * The OpenAPI document of the API as `npm run openapi` writes it (scripts/openapi.mjs): the API's module
 * graph in Nest's preview mode (no provider is created, so nothing connects to Postgres or Redis), with
 * a fixed configuration, so the document depends on the code only.
 */
export async function buildOpenApiDocument(): Promise<OpenAPIObject> {
  const stateDir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
  try {
    const config = loadConfig({ LOCAL_STATE_DIR: stateDir, WORKER_MODE: 'api', NODE_ENV: 'development' });
    const app = await NestFactory.create(AppModule.forRoot(config), {
      preview: true,
      logger: false,
      abortOnError: false,
    });
    app.setGlobalPrefix('api');
    const document = openApiDocument(app);
    await app.close();
    return document;
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}
