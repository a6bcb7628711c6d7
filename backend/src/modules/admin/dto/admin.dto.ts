import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsUUID } from 'class-validator';
import { COMPANY_ROLES, type CompanyRole } from '../../../common/http/auth-context.js';

const trimLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** POST /api/admin/invite: the platform admin invites someone to a company of their choice. */
export class AdminInviteDto {
  @ApiProperty()
  @IsUUID('all', { message: 'Choose a company' })
  companyId: string;

  @ApiProperty()
  @Transform(trimLower)
  @IsNotEmpty({ message: 'Please enter an email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;

  @ApiPropertyOptional({ enum: COMPANY_ROLES, default: 'COMPANY_USER' })
  @IsOptional()
  @IsIn(COMPANY_ROLES, { message: 'role must be COMPANY_ADMIN or COMPANY_USER' })
  role?: CompanyRole;
}

export class AdminFaireConnectionView {
  @ApiProperty() brandId: string;
  @ApiProperty() brandName: string;
  @ApiProperty({ enum: ['CONNECTED', 'FAILED', 'DISCONNECTED'] }) status: string;
  @ApiProperty() currency: string;
  @ApiProperty({ nullable: true, type: String }) connectedByName: string | null;
  @ApiProperty({ description: 'Another company is connected to the same brand (to resolve)' })
  brandShared: boolean;
}

export class AdminUserView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() hasFaireToken: boolean;
  @ApiProperty({ description: 'Platform admin (ADMIN_EMAILS)' }) isAdmin: boolean;
  @ApiProperty({ nullable: true, type: String }) companyName: string | null;
  @ApiProperty({ nullable: true, type: String }) companyId: string | null;
  @ApiProperty({
    nullable: true,
    type: AdminFaireConnectionView,
    description: "The company's Faire connection",
  })
  faireConnection: AdminFaireConnectionView | null;
  @ApiProperty({ nullable: true, type: String }) lastSignInAt: string | null;
}

export class SystemStatusView {
  @ApiProperty({ enum: ['Connected', 'Disconnected'] }) api: 'Connected' | 'Disconnected';
  @ApiProperty({ enum: ['Operational', 'Down'] }) database: 'Operational' | 'Down';
  @ApiProperty({ enum: ['Active', 'Not configured'] }) oauth: 'Active' | 'Not configured';
  @ApiProperty({ enum: ['Operational', 'Down'] }) queue: 'Operational' | 'Down';
  @ApiProperty({ description: 'Uploads whose rows are not all shipments after the recovery delay' })
  stuckUploads: number;
  @ApiProperty({
    enum: ['Listening', 'Down'],
    description: 'Whether a worker of the fleet listens for mail-in messages (INBOUND_SMTP_PORT)',
  })
  mailIn: 'Listening' | 'Down';
  @ApiProperty({
    enum: ['Listening', 'Down'],
    description: 'Whether a worker of the fleet serves the SFTP drop (INBOUND_SFTP_PORT)',
  })
  sftpDrop: 'Listening' | 'Down';
}

export class PoolView {
  @ApiProperty({ description: "Connections this API process's pool may open (DB_POOL_SIZE)" }) size: number;
  @ApiProperty({ description: 'Connections open now' }) open: number;
  @ApiProperty({ description: 'Connections running a query now' }) inUse: number;
  @ApiProperty({ description: 'Queries waiting for a connection' }) waiting: number;
}

export class QueueDepthView {
  @ApiProperty({ description: 'Jobs waiting for a worker' }) waiting: number;
  @ApiProperty() active: number;
  @ApiProperty({ description: 'Jobs waiting for a retry or their turn' }) delayed: number;
  @ApiProperty() failed: number;
}

export class QueuesDepthView {
  @ApiProperty({ type: QueueDepthView, nullable: true }) shipments: QueueDepthView | null;
  @ApiProperty({ type: QueueDepthView, nullable: true }) orders: QueueDepthView | null;
}

export class CapacityView {
  @ApiProperty({ type: PoolView }) pool: PoolView;
  @ApiProperty({ nullable: true, type: Number, description: 'Connections to this database, every process' })
  databaseConnections: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Postgres max_connections' })
  databaseMaxConnections: number | null;
  @ApiProperty({ type: QueuesDepthView }) queues: QueuesDepthView;
}

export class AdminStatsView {
  @ApiProperty() totalUsers: number;
  @ApiProperty({ description: 'Shipments created on Faire (status SUCCESS)' }) totalShipments: number;
  @ApiProperty({ description: 'Users who signed in within the last 30 days' }) activeUsers: number;
  @ApiProperty({ type: SystemStatusView }) system: SystemStatusView;
  @ApiProperty({ type: CapacityView }) capacity: CapacityView;
}

export class AdminCompanyView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Active members' }) members: number;
  @ApiProperty({ nullable: true, type: AdminFaireConnectionView })
  faireConnection: AdminFaireConnectionView | null;
}
