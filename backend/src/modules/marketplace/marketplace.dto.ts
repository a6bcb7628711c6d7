import { ApiProperty } from '@nestjs/swagger';

export class AuthorizeUrlView {
  @ApiProperty({ description: "Faire's authorize page to open, with this sign-in's state" }) authUrl: string;
}

export class BrandProfileView {
  @ApiProperty() name: string;
}

/** GET /api/faire/connection for a caller without a company. */
export class ConnectionNoCompanyView {
  @ApiProperty({ enum: ['NO_COMPANY'] }) status: 'NO_COMPANY';
}

/** GET /api/faire/connection: the company has no Faire connection. */
export class ConnectionNotConnectedView {
  @ApiProperty({ enum: ['NOT_CONNECTED'] }) status: 'NOT_CONNECTED';
  @ApiProperty({ description: 'The caller may connect (a company admin)' }) canManage: boolean;
}

/** GET /api/faire/connection: the company's connection, working or refused by Faire. */
export class ConnectionLinkedView {
  @ApiProperty({ enum: ['CONNECTED', 'FAILED'] }) status: 'CONNECTED' | 'FAILED';
  @ApiProperty() canManage: boolean;
  @ApiProperty() brandId: string;
  @ApiProperty() brandName: string;
  @ApiProperty() currency: string;
  @ApiProperty({ enum: ['OAUTH', 'ACCESS_TOKEN'] }) authMode: 'OAUTH' | 'ACCESS_TOKEN';
  @ApiProperty() connectedAt: string;
  @ApiProperty({ type: String, nullable: true }) connectedByName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
}

export type ConnectionViewDto = ConnectionNoCompanyView | ConnectionNotConnectedView | ConnectionLinkedView;
export const CONNECTION_VIEWS = [ConnectionNoCompanyView, ConnectionNotConnectedView, ConnectionLinkedView];
