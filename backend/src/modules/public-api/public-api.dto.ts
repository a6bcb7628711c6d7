import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const nullableString = { type: String, nullable: true } as const;

/** An open Faire order, for a tool that matches its shipments to orders first. */
export class PublicOrderView {
  @ApiProperty({ example: 'bo_bxdmjbwxid', description: 'The Faire order id' }) id: string;
  @ApiProperty({ example: 'BXDMJBWXID', description: 'The display id Faire shows' }) displayId: string;
  @ApiProperty({ example: 'PROCESSING' }) state: string;
  @ApiProperty() createdAt: string;
  @ApiProperty(nullableString) expectedShipDate: string | null;
  @ApiProperty({ ...nullableString, description: 'The tracking number of its latest shipment on Faire' })
  trackingNumber: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Subtotal in minor units of currency' })
  subtotal: number | null;
  @ApiProperty(nullableString) currency: string | null;
}

/** GET /api/v1/orders. */
export class PublicOrdersView {
  @ApiProperty({ type: [PublicOrderView] }) orders: PublicOrderView[];
  @ApiPropertyOptional({
    ...nullableString,
    description: 'Pass as `cursor` for the next page; null on the last',
  })
  nextCursor: string | null;
}

/** Why a row was refused: the rule's code and words. */
export class PublicRowErrorView {
  @ApiProperty({ ...nullableString, example: 'tracking_number' }) field: string | null;
  @ApiProperty({ ...nullableString, example: 'EMPTY_TRACKING_NUMBER' }) code: string | null;
  @ApiProperty({ example: 'Tracking number is empty' }) message: string;
}

/** One row of a post, in the order sent (row 1 is the first element). */
export class PublicRowView {
  @ApiProperty({ example: 1 }) row: number;
  @ApiProperty({
    enum: ['accepted', 'refused', 'duplicate'],
    description:
      'accepted: a shipment is made of it (sent to Faire once); refused: see errors; duplicate: the same order and tracking number as a shipment already made (duplicateOf), nothing new is sent',
  })
  outcome: 'accepted' | 'refused' | 'duplicate';
  @ApiProperty({ ...nullableString, description: 'The shipment the row made or repeats' })
  shipmentId: string | null;
  @ApiProperty({
    example: 'PENDING',
    description: 'As in History: PENDING, SUCCESS, FAILED, ... (INVALID for a refused row)',
  })
  status: string;
  @ApiProperty({ ...nullableString, description: 'Why the row stands where it does, in words' })
  reason: string | null;
  @ApiProperty(nullableString) orderId: string | null;
  @ApiProperty(nullableString) displayId: string | null;
  @ApiProperty(nullableString) trackingNumber: string | null;
  @ApiProperty(nullableString) carrier: string | null;
  @ApiProperty({ type: [PublicRowErrorView] }) errors: PublicRowErrorView[];
}

/** `POST /api/v1/shipments` and `GET /api/v1/uploads/{id}`: an intake and its rows. */
export class PublicUploadView {
  @ApiProperty({ description: 'The upload the rows make, as in History' }) uploadId: string;
  @ApiProperty({ example: 'API', description: 'API for a post; UPLOAD, SHIPSTATION, ... otherwise' })
  source: string;
  @ApiProperty({
    example: 'Warehouse ERP',
    description: 'The key’s name for a post (a file’s name otherwise)',
  })
  name: string;
  @ApiProperty() createdAt: string;
  @ApiProperty({ description: 'True when this answers an Idempotency-Key used before' }) replayed: boolean;
  @ApiProperty() accepted: number;
  @ApiProperty() refused: number;
  @ApiProperty() duplicates: number;
  @ApiProperty({ description: 'Rows in this answer; a post answers all of them' }) total: number;
  @ApiProperty({ type: [PublicRowView] }) rows: PublicRowView[];
}

/** `GET /api/v1/shipments/{id}`. */
export class PublicShipmentView {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The upload (post, file or source) that made it' }) uploadId: string;
  @ApiProperty() row: number;
  @ApiProperty({ example: 'bo_bxdmjbwxid' }) orderId: string;
  @ApiProperty({ example: 'BXDMJBWXID' }) displayId: string;
  @ApiProperty() trackingNumber: string;
  @ApiProperty({ example: 'UPS' }) carrier: string;
  @ApiProperty({ example: '2026-12-07' }) shipDate: string;
  @ApiProperty({ example: 750, description: 'Minor units of the brand’s currency' }) shippingCost: number;
  @ApiProperty({ example: 'SUCCESS', description: 'PENDING, SUCCESS, FAILED, ... as in History' })
  status: string;
  @ApiProperty(nullableString) error: string | null;
  @ApiProperty({ ...nullableString, description: 'The shipment’s id on Faire, once made' })
  faireShipmentId: string | null;
  @ApiProperty({
    ...nullableString,
    description: 'When Faire is tried again, while it keeps the row waiting',
  })
  nextTryAt: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

/** `GET /api/v1/shipments?updatedSince=`. */
export class PublicShipmentsView {
  @ApiProperty({ type: [PublicShipmentView] }) shipments: PublicShipmentView[];
  @ApiPropertyOptional({
    ...nullableString,
    description: 'Pass as `cursor` (with the same updatedSince) for the next page; null on the last',
  })
  nextCursor: string | null;
}
