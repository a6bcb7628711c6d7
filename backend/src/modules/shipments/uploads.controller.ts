import { Controller, Get, HttpCode, Logger, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import { AbuseLimit, DOWNLOAD_RETRY_AFTER_SECONDS, DownloadSlots } from '../abuse/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { UploadReadinessService } from './intake/upload-readiness.service.js';
import { UploadResultsService } from './reads/upload-results.service.js';
import { ShipmentsService } from './shipments.service.js';
import {
  RetriedView,
  UploadReadinessView,
  UploadRowsView,
  UploadSummaryView,
  UploadsPageView,
} from './reads/upload-results.dto.js';
import { ListUploadsQuery, UploadRowsQuery } from './reads/uploads.dto.js';

/** The caller's company's uploads; another company's upload answers 404 like one that does not exist. */
@ApiTags('shipments')
@Controller('shipments/uploads')
@RequireCompany()
export class UploadsController {
  constructor(
    private readonly results: UploadResultsService,
    private readonly shipments: ShipmentsService,
    private readonly readiness: UploadReadinessService,
    private readonly slots: DownloadSlots,
  ) {}

  private readonly logger = new Logger('Downloads');

  @Get('readiness')
  @ApiOperation({
    summary: 'Whether rows uploaded now can be created on Faire (a working connection), and why not',
  })
  @ApiOkResponse({ type: UploadReadinessView })
  ready(@CompanyAuth() auth: CompanyAuthContext): Promise<UploadReadinessView> {
    return this.readiness.check(auth);
  }

  @Get()
  @ApiOperation({ summary: "The company's uploads, newest first, with live counts" })
  @ApiOkResponse({ type: UploadsPageView })
  list(@CompanyAuth() auth: CompanyAuthContext, @Query() query: ListUploadsQuery): Promise<UploadsPageView> {
    return this.results.list(auth, query);
  }

  @Get(':uploadId')
  @ApiOperation({
    summary: 'One upload: summary and live counts (incl. the next try of rows waiting on Faire)',
  })
  @ApiOkResponse({ type: UploadSummaryView })
  summary(
    @CompanyAuth() auth: CompanyAuthContext,
    @Param('uploadId') uploadId: string,
  ): Promise<UploadSummaryView> {
    return this.results.summary(auth, uploadId);
  }

  @Get(':uploadId/rows')
  @ApiOperation({ summary: "The upload's rows in file order, with what happened to each in words" })
  @ApiOkResponse({ type: UploadRowsView })
  rows(
    @CompanyAuth() auth: CompanyAuthContext,
    @Param('uploadId') uploadId: string,
    @Query() query: UploadRowsQuery,
  ): Promise<UploadRowsView> {
    return this.results.rows(auth, uploadId, query);
  }

  @Get(':uploadId/failed.csv')
  @ApiOperation({
    summary:
      'Failed rows as the brand’s own file (layout, encoding, cells as written) plus a reason column, streamed (decisions 0027, 0032)',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiTooManyRequestsResponse({ description: 'Too many downloads open at once (`Retry-After`)' })
  async failedCsv(
    @CompanyAuth() auth: CompanyAuthContext,
    @Param('uploadId') uploadId: string,
    @Res() res: Response,
  ): Promise<void> {
    let release: () => void;
    try {
      release = this.slots.take(auth.userId, auth.companyId);
    } catch (err) {
      res.setHeader('Retry-After', String(DOWNLOAD_RETRY_AFTER_SECONDS));
      throw err;
    }
    try {
      const file = await this.results.failedCsv(auth, uploadId);
      res.status(200);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
      // pipeline: the next page is read only once the client has taken the last (backpressure), and a
      // client that goes away stops the reading.
      await pipeline(Readable.from(file.lines, { objectMode: false }), res);
    } catch (err) {
      if (!res.headersSent) throw err;
      // The file was cut short (the client left, or a page could not be read): the socket closes
      // without the final chunk, so the client sees an incomplete download, never a short file.
      if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        this.logger.warn(`Failed-rows download stopped: ${(err as Error).message}`);
      }
      res.destroy();
    } finally {
      release();
    }
  }

  @Post(':uploadId/retry-failed')
  @AbuseLimit('retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send every retryable failed row of the upload again, in one go' })
  @ApiOkResponse({ type: RetriedView })
  retryFailed(
    @CompanyAuth() auth: CompanyAuthContext,
    @Param('uploadId') uploadId: string,
  ): Promise<RetriedView> {
    return this.shipments.retryFailed(auth, uploadId);
  }
}
