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
}

export class OutboxMessageView {
  @ApiProperty() id: string;
  @ApiProperty() to: string;
  @ApiProperty() subject: string;
  @ApiProperty() text: string;
  @ApiProperty({ nullable: true, type: String }) link: string | null;
  @ApiProperty() createdAt: string;
}
