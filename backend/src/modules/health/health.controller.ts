import { Controller, Get } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';
import { Public } from '../../common/http/public.decorator.js';
import { HealthIndicatorView, HealthView } from './health.dto.js';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly healthService: HealthService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Database, Redis and a queue round trip; 503 when any is down' })
  @ApiExtraModels(HealthIndicatorView)
  @ApiOkResponse({ type: HealthView, description: 'Every check is up' })
  @ApiServiceUnavailableResponse({ type: HealthView, description: 'A check is down' })
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  check(): Promise<HealthView> {
    return this.healthService.check();
  }
}
