import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { WEBHOOK_EVENTS, type WebhookEvent } from './entities/webhook-endpoint.entity.js';

const nullableString = { type: String, nullable: true } as const;
const EVENTS_TEXT = `each event must be one of ${WEBHOOK_EVENTS.join(', ')}`;

export class CreateWebhookDto {
  @ApiProperty({
    example: 'https://hooks.example.com/faire-shipments',
    description: 'Where events are posted: an https URL on a public address',
  })
  @IsString({ message: 'url is required: the https address events are posted to' })
  @MaxLength(2000, { message: 'url must be at most 2000 characters' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['shipment.succeeded', 'shipment.failed'] })
  @IsArray({ message: 'events must be a list such as ["shipment.succeeded"]' })
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: 'events names an event more than once' })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: EVENTS_TEXT })
  events: WebhookEvent[];
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsOptional()
  @IsArray({ message: 'events must be a list such as ["shipment.succeeded"]' })
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: 'events names an event more than once' })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: EVENTS_TEXT })
  events?: WebhookEvent[];

  @ApiPropertyOptional({ description: 'Off: no event is sent to it (and none is kept for later)' })
  @IsOptional()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

/** A webhook endpoint as the Webhooks card lists it: never its secret. */
export class WebhookEndpointView {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'https://hooks.example.com/faire-shipments' }) url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events: WebhookEvent[];
  @ApiProperty() enabled: boolean;
  @ApiProperty({ ...nullableString, description: 'Why the product turned it off, when it did' })
  disabledReason: string | null;
  @ApiProperty({ ...nullableString, description: 'Who added it (email)' }) createdBy: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ ...nullableString, description: 'When it last answered 2xx' }) lastSuccessAt: string | null;
  @ApiProperty({ ...nullableString, description: 'Since when every delivery has failed (null: healthy)' })
  failingSince: string | null;
}

/** POST /api/company/webhooks: the only answer, with rotate-secret's, that holds the secret. */
export class CreatedWebhookView extends WebhookEndpointView {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret, shown this once: keep it where the receiver verifies signatures',
  })
  secret: string;
}

/** POST /api/company/webhooks/{id}/rotate-secret. */
export class RotatedSecretView {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The new signing secret, shown this once; the old one stops at once' })
  secret: string;
}

/** GET /api/company/webhooks. */
export class WebhooksView {
  @ApiProperty({ type: [WebhookEndpointView] }) endpoints: WebhookEndpointView[];
  @ApiProperty({ description: 'How many endpoints a company may have' }) limit: number;
  @ApiProperty({ description: 'Whether the caller may add and change endpoints (company admins)' })
  canManage: boolean;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, description: 'The events an endpoint may ask for' })
  events: WebhookEvent[];
}

/** One delivery of an event to an endpoint, with its last try. */
export class WebhookDeliveryView {
  @ApiProperty({ description: 'Also the webhook-id header, the same on every try' }) id: string;
  @ApiProperty({ example: 'shipment.succeeded' }) event: string;
  @ApiProperty({ description: 'The shipment or Needs attention item it is about' }) objectId: string;
  @ApiProperty({ enum: ['PENDING', 'DELIVERED', 'FAILED'] }) status: 'PENDING' | 'DELIVERED' | 'FAILED';
  @ApiProperty({ description: 'Tries made so far' }) attempts: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The HTTP status of the last answer' })
  lastStatus: number | null;
  @ApiProperty({ ...nullableString, description: 'The start of the last answer’s body' })
  lastResponse: string | null;
  @ApiProperty({ ...nullableString, description: 'Why the last try failed' }) lastError: string | null;
  @ApiProperty(nullableString) lastAttemptAt: string | null;
  @ApiProperty({ ...nullableString, description: 'When it is tried again, while it is pending' })
  nextAttemptAt: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty(nullableString) deliveredAt: string | null;
}

/** GET /api/company/webhooks/{id}/deliveries: the latest 50, newest first. */
export class WebhookDeliveriesView {
  @ApiProperty({ type: [WebhookDeliveryView] }) deliveries: WebhookDeliveryView[];
}

/** POST /api/company/webhooks/{id}/test: the test event after its first try. */
export class WebhookTestView {
  @ApiProperty({ type: WebhookDeliveryView }) delivery: WebhookDeliveryView;
}
