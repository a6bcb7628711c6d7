import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { OPEN_STATES } from '../order-snapshots.service.js';

export const ORDER_SORTS = ['expectedShipDate', 'createdAt', 'totalCents'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
const FLAG = ['true', 'false'] as const;
type Flag = (typeof FLAG)[number];
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value);

/**
 * GET /api/orders. Without page/perPage every matching open order is answered (the grouped screens);
 * with them, one page of at most 1,000 (what an export asks for).
 */
export class ListOrdersQuery {
  @ApiPropertyOptional({ description: 'Order id, display id (with or without "#") or customer, any part' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: OPEN_STATES })
  @IsOptional()
  @Transform(upper)
  @IsIn(OPEN_STATES, { message: `state must be one of ${OPEN_STATES.join(', ')}` })
  state?: (typeof OPEN_STATES)[number];

  @ApiPropertyOptional({ enum: FLAG, description: 'Late by the company’s thresholds (isProblem)' })
  @IsOptional()
  @IsIn(FLAG, { message: 'problem must be true or false' })
  problem?: Flag;

  @ApiPropertyOptional({
    enum: FLAG,
    description: 'Past its expected ship date with no carrier scan yet (what Faire counts as late)',
  })
  @IsOptional()
  @IsIn(FLAG, { message: 'late must be true or false' })
  late?: Flag;

  @ApiPropertyOptional({
    enum: FLAG,
    description: 'Faire has scheduled its payout (in transit, payout date known)',
  })
  @IsOptional()
  @IsIn(FLAG, { message: 'paid must be true or false' })
  paid?: Flag;

  @ApiPropertyOptional({ enum: ORDER_SORTS, default: 'createdAt' })
  @IsOptional()
  @IsIn(ORDER_SORTS, { message: `sort must be one of ${ORDER_SORTS.join(', ')}` })
  sort?: OrderSort;

  @ApiPropertyOptional({ enum: ['ASC', 'DESC'], default: 'ASC' })
  @IsOptional()
  @Transform(upper)
  @IsIn(['ASC', 'DESC'], { message: 'order must be ASC or DESC' })
  order?: 'ASC' | 'DESC';

  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'perPage must be a whole number' })
  @Min(1, { message: 'perPage must be between 1 and 1000' })
  @Max(1000, { message: 'perPage must be between 1 and 1000' })
  perPage?: number;
}
