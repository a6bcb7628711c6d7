import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { json, raw, urlencoded } from 'express';
import helmet from 'helmet';
import { Logger } from './common/logging/logger.module.js';
import { AppModule } from './app.module.js';
import type { AppConfig } from './common/config/index.js';
import {
  apiNoStore,
  BODY_LIMIT_BYTES,
  declaredBodyLimit,
  STORE_BODY_LIMIT_BYTES,
  refuseDeepJson,
} from './common/http/edge.middleware.js';
import { FIRST_SCREEN_SCRIPT_CSP } from './common/http/first-screen-html.js';
import { frontendAssets } from './common/http/frontend-assets.js';
import { openApiDocument } from './common/http/openapi.js';
import { FirstScreen } from './modules/auth/first-screen.middleware.js';
import { SessionMiddleware } from './modules/auth/session.middleware.js';

/**
 * Builds the HTTP application for `WORKER_MODE=api` or `all` (shared by main.ts and the integration
 * tests); with `all` the same process also runs the workers.
 */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  if (!config.runApi) throw new Error('createApp needs WORKER_MODE=api or all; use createWorker');
  const warnings = [...config.warnings];
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: true,
  });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  // TRUST_PROXY (decision 0029): by default no proxy is trusted and X-Forwarded-For is ignored, so a
  // client cannot choose the address its limits are counted against.
  app.set('trust proxy', config.edges.trustProxy);
  app.disable('x-powered-by');
  app.use(apiNoStore);
  app.use(declaredBodyLimit);
  // Shopify signs the raw bytes of a delivery: its route keeps them (the JSON parser then skips it).
  app.use('/api/hooks/shopify', raw({ type: () => true, limit: BODY_LIMIT_BYTES }));
  // ShipStation's Custom Store posts XML ship notices: bytes, 1 MB at most (decision 0071).
  app.use('/api/hooks/shipstation-store', raw({ type: () => true, limit: STORE_BODY_LIMIT_BYTES }));
  // The public API takes a CSV file as a post's body too, as bytes (read as an uploaded file is).
  app.use('/api/v1/shipments', raw({ type: ['text/csv', 'application/csv'], limit: BODY_LIMIT_BYTES }));
  // Registered here (Nest then adds no parser of its own): Nest's options type has no `verify` hook.
  app.use(json({ limit: BODY_LIMIT_BYTES, verify: refuseDeepJson }));
  app.use(urlencoded({ limit: BODY_LIMIT_BYTES, extended: false }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // The page's one inline script (it starts the first screen's requests), allowed by its hash.
          'script-src': ["'self'", FIRST_SCREEN_SCRIPT_CSP],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'upgrade-insecure-requests': config.isProduction ? [] : null,
        },
      },
      hsts: config.isProduction,
    }),
  );
  // The browser app (outside /api): no session needed to fetch its files; a signed-in caller's page
  // carries their first screen's data, read with the session (decision 0042).
  const firstScreen = app.get(FirstScreen);
  const assets = config.frontendDist
    ? frontendAssets(config.frontendDist, { firstScreen: (req, res) => firstScreen.forRequest(req, res) })
    : null;
  if (config.frontendDist && !assets) {
    warnings.push(`No frontend build in ${config.frontendDist} (npm run build): only /api is served`);
  }
  if (assets) app.use(assets);
  app.use(app.get(SessionMiddleware).handler);
  app.enableShutdownHooks();

  if (config.edges.apiDocs) mountApiDocs(app);
  for (const warning of warnings) app.get(Logger).warn(warning);
  return app;
}

/** The API reference at /api/docs (API_DOCS; off by default in production, decision 0029). */
function mountApiDocs(app: NestExpressApplication): void {
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
}

/** Builds a worker-only process (`WORKER_MODE=worker`): no HTTP server, no controllers. */
export async function createWorker(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  for (const warning of config.warnings) app.get(Logger).warn(warning);
  return app;
}
