import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsAccessToken, IsPlainText } from '../../../common/http/input-rules.js';
import { IsEmail, IsOptional, IsString, IsUrl, Length, Matches, MaxLength } from 'class-validator';

export class GoogleCallbackDto {
  @ApiProperty() @IsString() @Length(1, 2048) code: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(512) state?: string;
  @ApiProperty() @IsUrl({ require_tld: false, require_protocol: true }) redirectUri: string;
}

export class GoogleTokenDto {
  /** Google's tokens are base64url and dots: anything else is refused before Google is asked. */
  @ApiProperty()
  @IsString()
  @Length(1, 4096)
  @Matches(/^[\x21-\x7E]+$/, {
    message: 'token must be a Google ID token or access token: visible ASCII characters, no spaces',
  })
  token: string;
}

export class DevLoginDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsEmail({}, { message: 'email must be an email address' })
  email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(120) @IsPlainText('name') name?: string;
  @ApiPropertyOptional({ description: 'A single-brand Faire access token to connect this user with' })
  @IsOptional()
  @IsString()
  @IsAccessToken('faireToken')
  faireToken?: string;
}

/** Which sign-in methods this install offers. */
export class AuthConfigView {
  @ApiProperty() googleEnabled: boolean;
  @ApiProperty() devLoginEnabled: boolean;
  @ApiProperty({ description: 'Faire is the built-in sandbox, not the real Faire' })
  sandboxMarketplace: boolean;
}
