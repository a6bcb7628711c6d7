import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { json, urlencoded } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './common/config/index.js';
import {
  apiNoStore,
  BODY_LIMIT_BYTES,
  declaredBodyLimit,
  refuseDeepJson,
} from './common/http/edge.middleware.js';
import { frontendAssets } from './common/http/frontend-assets.js';
import { SessionMiddleware } from './modules/auth/session.middleware.js';

/** Builds the configured application (shared by main.ts and the integration tests). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: true,
  });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(apiNoStore);
  app.use(declaredBodyLimit);
  // Registered here (Nest then adds no parser of its own): Nest's options type has no `verify` hook.
  app.use(json({ limit: BODY_LIMIT_BYTES, verify: refuseDeepJson }));
  app.use(urlencoded({ limit: BODY_LIMIT_BYTES, extended: false }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'upgrade-insecure-requests': config.isProduction ? [] : null,
        },
      },
      hsts: config.isProduction,
    }),
  );
  // The browser app (outside /api): no session needed to fetch it.
  const assets = config.runApi && config.frontendDist ? frontendAssets(config.frontendDist) : null;
  if (assets) app.use(assets);
  else if (config.runApi && config.frontendDist)
    config.warnings.push(`No frontend build in ${config.frontendDist} (npm run build): only /api is served`);
  app.use(app.get(SessionMiddleware).handler);
  app.enableShutdownHooks();

  const openapi = new DocumentBuilder()
    .setTitle('Faire Shipment Manager API')
    .setDescription('Upload shipments, sync orders and manage teams for brands selling on Faire.')
    .setVersion('1.0')
    .addCookieAuth('sid')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openapi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  for (const warning of config.warnings) app.get(Logger).warn(warning);
  return app;
}
