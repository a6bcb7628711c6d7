import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, type HealthCheckResult } from '@nestjs/terminus';
import { Public } from '../../common/http/public.decorator.js';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly healthService: HealthService) {}

  @Get()
  @Public()
  @HealthCheck()
  @ApiOperation({ summary: 'Database, Redis and a queue round trip; 503 when any is down' })
  check(): Promise<HealthCheckResult> {
    return this.healthService.check();
  }
}
