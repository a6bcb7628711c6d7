import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsOneWord } from '../../../common/http/input-rules.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const maxLength = (name: string) => ({ message: `${name} must be at most 500 characters` });

/** POST /api/admin/config: every field optional; an empty string removes the saved value. */
export class SaveAppConfigDto {
  @ApiPropertyOptional({ description: 'Faire application id; empty clears the saved value' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500, maxLength('faireApplicationId'))
  @IsOneWord('faireApplicationId')
  faireApplicationId?: string;

  @ApiPropertyOptional({ description: 'Faire application secret; empty clears the saved value' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500, maxLength('faireApplicationSecret'))
  @IsOneWord('faireApplicationSecret')
  faireApplicationSecret?: string;

  @ApiPropertyOptional({ description: 'Google OAuth client id; empty clears the saved value' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500, maxLength('googleClientId'))
  @IsOneWord('googleClientId')
  googleClientId?: string;

  @ApiPropertyOptional({ description: 'Google OAuth client secret; empty clears the saved value' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500, maxLength('googleClientSecret'))
  @IsOneWord('googleClientSecret')
  googleClientSecret?: string;
}

export class ConfigFieldView {
  @ApiProperty() set: boolean;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'The full value; only for ids, never for secrets',
  })
  value?: string | null;
  @ApiProperty({ nullable: true, type: String }) last4: string | null;
  @ApiProperty({ nullable: true, enum: ['database', 'environment'] }) source:
    'database' | 'environment' | null;
  @ApiProperty({ nullable: true, type: String }) updatedAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Email of the admin who saved it' })
  updatedBy: string | null;
}

export class AppConfigView {
  @ApiProperty({ type: ConfigFieldView }) faireApplicationId: ConfigFieldView;
  @ApiProperty({ type: ConfigFieldView }) faireApplicationSecret: ConfigFieldView;
  @ApiProperty({ type: ConfigFieldView }) googleClientId: ConfigFieldView;
  @ApiProperty({ type: ConfigFieldView }) googleClientSecret: ConfigFieldView;
}

export class TestApiView {
  @ApiProperty() connected: boolean;
  @ApiProperty() message: string;
}
