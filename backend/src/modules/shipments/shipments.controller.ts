import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MAX_FILE_BYTES } from '@portal/shipment-rules';
import { memoryStorage } from 'multer';
import { AppError } from '../../common/errors/index.js';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import {
  ProcessAnswerView,
  RetryAnswerView,
  ShipmentHistoryView,
  UploadAnswerView,
} from './reads/shipment-answers.dto.js';
import { ListShipmentsQuery, ProcessShipmentsDto } from './reads/shipments.dto.js';
import { ShipmentsService } from './shipments.service.js';
import { AbuseLimit } from '../abuse/index.js';

@ApiTags('shipments')
@Controller('shipments')
@RequireCompany()
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsService) {}

  @Post('upload')
  @AbuseLimit('upload')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: { csv: { type: 'string', format: 'binary' }, columnMapping: { type: 'string' } },
    },
  })
  @ApiOkResponse({ type: UploadAnswerView })
  @UseInterceptors(
    FileInterceptor('csv', {
      storage: memoryStorage(),
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5 },
      // Browsers send a file name's UTF-8 bytes as they are ("Café.csv"); busboy reads latin1 by default.
      defParamCharset: 'utf8',
    }),
  )
  upload(
    @CompanyAuth() auth: CompanyAuthContext,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body('columnMapping') columnMapping?: string,
  ): Promise<UploadAnswerView> {
    if (!file) throw new AppError('VALIDATION_FAILED', 'Please select a CSV file');
    return this.shipments.upload(auth, file, columnMapping);
  }

  @Post('process')
  @AbuseLimit('upload')
  @HttpCode(200)
  @ApiOkResponse({ type: ProcessAnswerView })
  process(
    @CompanyAuth() auth: CompanyAuthContext,
    @Body() body: ProcessShipmentsDto,
  ): Promise<ProcessAnswerView> {
    return this.shipments.process(auth, body);
  }

  @Get()
  @ApiOkResponse({ type: ShipmentHistoryView })
  list(
    @CompanyAuth() auth: CompanyAuthContext,
    @Query() query: ListShipmentsQuery,
  ): Promise<ShipmentHistoryView> {
    return this.shipments.list(auth, query);
  }

  @Post(':id/retry')
  @AbuseLimit('retry')
  @HttpCode(200)
  @ApiOkResponse({ type: RetryAnswerView })
  retry(@CompanyAuth() auth: CompanyAuthContext, @Param('id') id: string): Promise<RetryAnswerView> {
    return this.shipments.retry(auth, id);
  }
}
