import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsPlainText } from '../../../common/http/input-rules.js';

export class CreateCompanyDto {
  @ApiPropertyOptional({ description: 'Defaults to "{your name}\'s Company"' })
  @IsOptional()
  @IsString()
  @MaxLength(120, { message: 'Company name must be at most 120 characters' })
  @IsPlainText('Company name')
  name?: string;
}
