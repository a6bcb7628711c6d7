import { Module, ValidationPipe, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, ApplicationConfig } from '@nestjs/core';
import { AppError, AppExceptionFilter } from './common/errors/index.js';
import { RequestPipe } from './common/http/request.pipe.js';
import { validationMessage } from './common/http/validation-message.js';
import { AbuseModule } from './modules/abuse/index.js';
import { ActivityModule } from './modules/activity/index.js';
import { AdminController } from './modules/admin/admin.controller.js';
import { AdminModule, QUEUE_DASHBOARD_PATH, QueueDashboard } from './modules/admin/index.js';
import { TeamActivityController } from './modules/admin/team-activity.controller.js';
import { AppSettingsModule } from './modules/app-settings/index.js';
import { AuthController } from './modules/auth/auth.controller.js';
import { AuthGuard } from './modules/auth/auth.guard.js';
import { FirstScreen } from './modules/auth/first-screen.middleware.js';
import { AuthModule } from './modules/auth/index.js';
import { SessionMiddleware } from './modules/auth/session.middleware.js';
import { ColumnMappingsController } from './modules/column-mappings/column-mappings.controller.js';
import { ColumnMappingsModule } from './modules/column-mappings/index.js';
import { CompaniesController } from './modules/company-setup/company-setup.controller.js';
import { CompanySetupModule } from './modules/company-setup/index.js';
import { CompanySettingsController } from './modules/company-settings/company-settings.controller.js';
import { CompanySettingsModule } from './modules/company-settings/index.js';
import { DigestController } from './modules/digest/digest.controller.js';
import { DigestModule } from './modules/digest/index.js';
import { HealthController } from './modules/health/health.controller.js';
import { HealthModule } from './modules/health/index.js';
import { MarketplaceModule } from './modules/marketplace/index.js';
import { MarketplaceController } from './modules/marketplace/marketplace.controller.js';
import { OrdersModule } from './modules/orders/index.js';
import { OrdersController } from './modules/orders/orders.controller.js';
import { ShipmentsModule } from './modules/shipments/index.js';
import { OrderCheckController } from './modules/shipments/order-check.controller.js';
import { ShipmentsController } from './modules/shipments/shipments.controller.js';
import { UploadsController } from './modules/shipments/uploads.controller.js';
import { ShipStationController } from './modules/sources/shipstation/shipstation.controller.js';
import { ShipStationStoreController } from './modules/sources/shipstation-store/shipstation-store.controller.js';
import { SourcesModule } from './modules/sources/index.js';
import { IntegrationsController } from './modules/sources/integrations.controller.js';
import { ShopifyController } from './modules/sources/shopify/shopify.controller.js';
import { TeamModule } from './modules/team/index.js';
import { TeamController } from './modules/team/team.controller.js';
import { ApiKeysModule } from './modules/api-keys/index.js';
import { ApiKeysController } from './modules/api-keys/api-keys.controller.js';
import { PublicApiModule } from './modules/public-api/index.js';
import { PublicOrdersController } from './modules/public-api/public-orders.controller.js';
import { PublicShipmentsController } from './modules/public-api/public-shipments.controller.js';
import { WebhooksModule } from './modules/webhooks/index.js';
import { InboundModule } from './modules/inbound/index.js';
import { InboundController } from './modules/inbound/inbound.controller.js';
import { WebhooksController } from './modules/webhooks/webhooks.controller.js';

/**
 * The HTTP side (`WORKER_MODE=api` or `all`): every controller, the global guard (deny by default:
 * session → user → company → role), the validation pipe, the error filter, the session middleware and
 * the queue dashboard's mount. The feature modules it imports are the same ones the worker imports.
 */
@Module({
  imports: [
    ActivityModule,
    AppSettingsModule,
    MarketplaceModule,
    AuthModule,
    CompanySetupModule,
    TeamModule,
    OrdersModule,
    DigestModule,
    CompanySettingsModule,
    ColumnMappingsModule,
    ShipmentsModule,
    SourcesModule,
    HealthModule,
    AbuseModule,
    AdminModule,
    ApiKeysModule,
    PublicApiModule,
    WebhooksModule,
    InboundModule,
  ],
  // Routes are matched in this order (the order the one application module used to register them).
  controllers: [
    MarketplaceController,
    AuthController,
    CompaniesController,
    TeamController,
    OrdersController,
    DigestController,
    CompanySettingsController,
    ColumnMappingsController,
    UploadsController,
    OrderCheckController,
    ShipmentsController,
    IntegrationsController,
    ShipStationController,
    ShipStationStoreController,
    ShopifyController,
    HealthController,
    AdminController,
    TeamActivityController,
    ApiKeysController,
    InboundController,
    WebhooksController,
    PublicOrdersController,
    PublicShipmentsController,
  ],
  providers: [
    SessionMiddleware,
    // The guard's caller lookup also serves the page's first-screen data (FirstScreen, decision 0042).
    AuthGuard,
    FirstScreen,
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_FILTER, useClass: AppExceptionFilter },
    {
      provide: APP_PIPE,
      useValue: new RequestPipe(
        new ValidationPipe({
          whitelist: true,
          forbidNonWhitelisted: true,
          transform: true,
          exceptionFactory: (errors) => new AppError('VALIDATION_FAILED', validationMessage(errors)),
        }),
      ),
    },
  ],
})
export class ApiModule implements NestModule {
  constructor(
    private readonly dashboard: QueueDashboard,
    private readonly application: ApplicationConfig,
  ) {}

  /** The queue dashboard (bull-board) is Express middleware under /api/admin/queues (decision 0010). */
  configure(consumer: MiddlewareConsumer): void {
    const prefix = this.application.getGlobalPrefix().replace(/^\/+|\/+$/g, '');
    const basePath = `/${[prefix, QUEUE_DASHBOARD_PATH].filter(Boolean).join('/')}`;
    consumer.apply(...this.dashboard.handlers(basePath)).forRoutes(QUEUE_DASHBOARD_PATH);
  }
}
