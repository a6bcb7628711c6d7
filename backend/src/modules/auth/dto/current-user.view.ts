import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COMPANY_ROLES, type AuthContext, type CompanyRole } from '../../../common/http/auth-context.js';

export class CurrentUserCompanyView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: COMPANY_ROLES }) role: CompanyRole;
}

/** GET /api/auth/me: name, email, isAdmin, hasFaireToken, company {id, role}. */
export class CurrentUserView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() hasFaireToken: boolean;
  @ApiProperty({ type: CurrentUserCompanyView, nullable: true })
  company: CurrentUserCompanyView | null;
  @ApiPropertyOptional() message?: string;

  static from(ctx: AuthContext & { hasFaireToken: boolean }): CurrentUserView {
    return {
      id: ctx.userId,
      name: ctx.name,
      email: ctx.email,
      isAdmin: ctx.isPlatformAdmin,
      hasFaireToken: ctx.hasFaireToken,
      company:
        ctx.companyId && ctx.role ? { id: ctx.companyId, name: ctx.companyName ?? '', role: ctx.role } : null,
    };
  }
}
