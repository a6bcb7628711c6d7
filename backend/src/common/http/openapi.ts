import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/**
 * The API's OpenAPI document: served at /api/docs (app.ts) and written to docs/openapi.json by
 * `npm run openapi` (scripts/openapi.mjs), from which the frontend's types are generated (decision 0045).
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const info = new DocumentBuilder()
    .setTitle('Faire Shipment Manager API')
    .setDescription('Upload shipments, sync orders and manage teams for brands selling on Faire.')
    .setVersion('1.0')
    .addCookieAuth('sid')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description:
          'A company API key (Settings, API keys), for the public API under /api/v1 only: `Authorization: Bearer fsk_...`',
      },
      'apiKey',
    )
    .build();
  return SwaggerModule.createDocument(app, info);
}
