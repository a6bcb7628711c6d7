import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsUUID, Matches } from 'class-validator';
import { IsRealInstant, PageNumber, PageSize } from '../../../common/http/input-rules.js';

const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_MAX_PAGE_SIZE = 100;

/** GET /api/team/activity: one page of the caller's company's activity. */
export class ActivityPageQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @PageNumber()
  page?: number;

  @ApiPropertyOptional({ default: ACTIVITY_PAGE_SIZE, minimum: 1, maximum: ACTIVITY_MAX_PAGE_SIZE })
  @IsOptional()
  @PageSize(ACTIVITY_MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({ description: 'Only this action, e.g. invitation.sent' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[a-z_]+(\.[a-z_]+)*$/, { message: 'action must look like invitation.sent' })
  action?: string;
}

/** GET /api/admin/activity: the whole log, filtered and paginated. */
export class ActivityQueryDto extends ActivityPageQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUUID('all', { message: 'companyId must be a company id' })
  companyId?: string;

  @ApiPropertyOptional({ description: 'From this instant (inclusive), ISO 8601' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsRealInstant('from')
  from?: string;

  @ApiPropertyOptional({ description: 'Before this instant (exclusive), ISO 8601' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsRealInstant('to')
  to?: string;
}

export class ActivityItemView {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'UTC, ISO 8601' }) timestamp: string;
  @ApiProperty({ nullable: true, type: String }) userId: string | null;
  @ApiProperty({ nullable: true, type: String }) actorEmail: string | null;
  @ApiProperty({ description: 'Whether the actor was a platform admin' }) isAdmin: boolean;
  @ApiProperty({
    nullable: true,
    enum: ['COMPANY_ADMIN', 'COMPANY_USER'],
    description: "The actor's role in the company when it happened (null before it was recorded)",
  })
  actorRole: 'COMPANY_ADMIN' | 'COMPANY_USER' | null;
  @ApiProperty({ nullable: true, type: String }) companyId: string | null;
  @ApiProperty({ nullable: true, type: String }) companyName: string | null;
  @ApiProperty() action: string;
  @ApiProperty({ nullable: true, type: String }) target: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Never secrets' })
  details: Record<string, unknown>;
}

export class ActivityPageView {
  @ApiProperty({ type: [ActivityItemView] }) items: ActivityItemView[];
  @ApiProperty() total: number;
}
