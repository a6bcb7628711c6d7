import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * A webhook's receipt, the answer to a delivery: `ok`, and what the topic did (a read queued, data stored
 * or deleted); the privacy topics say what is (not) stored.
 */
export class ShopifyHookReceiptView {
  @ApiProperty({ enum: [true] }) ok: true;
  @ApiPropertyOptional({ description: 'A read of the order was queued (fulfilment and order topics)' })
  queued?: boolean;
  @ApiPropertyOptional({ description: 'customers/data_request, customers/redact: always false' })
  customerDataStored?: boolean;
  @ApiPropertyOptional({ description: "shop/redact: the shop's connection and its records were deleted" })
  deleted?: boolean;
  @ApiPropertyOptional({ description: 'Privacy topics: what this product keeps of a shop' })
  statement?: string;
}
