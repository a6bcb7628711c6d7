import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Length } from 'class-validator';
import { MEMBER_STATUSES, type MemberStatus } from '@portal/shipment-rules';
import { COMPANY_ROLES, type CompanyRole } from '../../../common/http/auth-context.js';

const trimLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class InviteDto {
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

export class ChangeRoleDto {
  @ApiProperty({ enum: COMPANY_ROLES })
  @IsIn(COMPANY_ROLES, { message: 'role must be COMPANY_ADMIN or COMPANY_USER' })
  role: CompanyRole;
}

export class AcceptInviteDto {
  @ApiProperty()
  @IsString()
  @Length(10, 200, { message: 'The invitation token is not valid' })
  token: string;
}

export class TeamMemberUserView {
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty() email: string;
}

export class TeamMemberView {
  @ApiProperty() id: string;
  @ApiProperty({ enum: COMPANY_ROLES }) role: CompanyRole;
  @ApiProperty({ enum: MEMBER_STATUSES }) status: MemberStatus;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: TeamMemberUserView }) user: TeamMemberUserView;
  @ApiProperty() isCurrentUser: boolean;
  @ApiProperty({ nullable: true, type: String }) invitationExpiresAt: string | null;
  @ApiPropertyOptional({
    enum: ['EMAIL', 'OUTBOX', 'NOT_SENT'],
    description:
      'After an invitation was sent: EMAIL when it was emailed; without a mail server OUTBOX (kept in the development outbox) or NOT_SENT (production)',
  })
  invitationDelivery?: InvitationDelivery;
}

/** Where an invitation went: emailed, or without a mail server only kept in the outbox, or nowhere. */
export type InvitationDelivery = 'EMAIL' | 'OUTBOX' | 'NOT_SENT';

/** What an invitation link in the outbox can still do. */
export const OUTBOX_LINK_STATES = ['ACTIVE', 'USED', 'REPLACED', 'WITHDRAWN', 'EXPIRED'] as const;
export type OutboxLinkState = (typeof OUTBOX_LINK_STATES)[number];

export class OutboxMessageView {
  @ApiProperty() id: string;
  @ApiProperty() to: string;
  @ApiProperty() subject: string;
  @ApiProperty() text: string;
  @ApiProperty({ nullable: true, type: String }) link: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({
    enum: OUTBOX_LINK_STATES,
    nullable: true,
    description:
      'The invitation link: ACTIVE (opens the invitation), USED (accepted), REPLACED (a newer link was sent), WITHDRAWN (the invitation was removed), EXPIRED',
  })
  linkState: OutboxLinkState | null;
}

/** A resent invitation: how it went out. */
export class ResentInvitationView {
  @ApiProperty({ enum: [true] }) ok: true;
  @ApiProperty({ enum: ['EMAIL', 'OUTBOX', 'NOT_SENT'] }) invitationDelivery: InvitationDelivery;
}
