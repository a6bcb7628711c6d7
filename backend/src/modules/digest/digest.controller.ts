import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { DigestPreferences } from './digest-preferences.service.js';

export class DigestPreferenceDto {
  @ApiProperty({ description: 'Receive the daily digest email (company admins only receive it)' })
  @IsBoolean({ message: 'dailyDigest must be true or false' })
  dailyDigest: boolean;
}

/** The caller's daily digest setting, and whether they receive it (company admins only). */
export class DigestPreferenceView {
  @ApiProperty() dailyDigest: boolean;
  @ApiProperty({ description: 'True when the digest is sent to the caller (on, and a company admin)' })
  receives: boolean;
}

/** The caller's own daily digest setting in their company. */
@ApiTags('digest')
@Controller('digest')
@RequireCompany()
export class DigestController {
  constructor(private readonly prefs: DigestPreferences) {}

  @Get('preferences')
  @ApiOkResponse({ type: DigestPreferenceView })
  get(@CompanyAuth() auth: CompanyAuthContext): Promise<DigestPreferenceView> {
    return this.prefs.get(auth);
  }

  @Put('preferences')
  @ApiOkResponse({ type: DigestPreferenceView })
  set(
    @CompanyAuth() auth: CompanyAuthContext,
    @Body() body: DigestPreferenceDto,
  ): Promise<DigestPreferenceView> {
    return this.prefs.set(auth, body.dailyDigest);
  }
}
